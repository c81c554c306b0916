/**
 * The English catalogue: the source of truth for every string a user sees. The Dutch catalogue
 * is declared to satisfy this shape, so a key missing there is a type error.
 */
const en = {
  meta: {
    tagline: "Find and share picking meadows",
    description:
      "Pick-your-own flower fields and fruit gardens near you, shared by the people who love them.",
  },
  nav: {
    skipToContent: "Skip to content",
    main: "Main",
    footer: "Footer",
    home: "Home",
    map: "Map",
    addMeadow: "Add Meadow",
    favorites: "My Favorites",
    profile: "Profile",
    settings: "Settings",
    about: "About",
    privacy: "Privacy",
    terms: "Terms",
    signIn: "Sign in",
    signOut: "Sign out",
    menu: "Menu",
  },
  language: {
    switchTo: "Nederlands",
    switchToHint: "Bekijk deze pagina in het Nederlands",
  },
  theme: {
    light: "Light",
    dark: "Dark",
    system: "System",
    current: "Colour mode: {{mode}}",
  },
  home: {
    title: "Pick your own flowers and fruit",
    intro:
      "Plukweide brings together pick-your-own flower fields and fruit gardens: tulips in spring, dahlias and sunflowers in summer, apples in autumn. Find one near you, or share the one you love.",
    searchLabel: "Search meadows",
    searchPlaceholder: "Tulips, strawberries, a town…",
    searchButton: "Search",
    addTitle: "Know a picking meadow?",
    addText:
      "Add it to Plukweide with its address, prices and opening hours, so others can enjoy it too.",
    addButton: "Add a meadow",
    browseButton: "Browse all meadows",
    seasonsTitle: "What to pick when",
    spring: "Spring",
    springText: "Tulips, daffodils and the first rhubarb.",
    summer: "Summer",
    summerText: "Dahlias, sunflowers, zinnias, strawberries and berries.",
    autumn: "Autumn",
    autumnText: "Apples, pears, pumpkins and the last dahlias.",
  },
  about: {
    title: "About Plukweide",
    intro:
      "Plukweide is a community site for finding and sharing picking meadows: places where you pick your own flowers or fruit and pay the grower for what you take.",
    whyTitle: "Why we made it",
    why: "Picking meadows are often small family businesses with a hand-painted sign by the road. They are easy to miss and hard to find online. Plukweide gathers them in one place, in English and Dutch, so that a sunny afternoon can end with a bunch of flowers you picked yourself.",
    howTitle: "How it works",
    how: "Anyone can browse and search meadows by name, country and distance. Members add meadows with their address, prices and opening hours, upload photos and keep a list of favorites. What you read here is written by members: check opening hours with the meadow before a long trip.",
    contactTitle: "Contact",
    contact:
      "Found a mistake, or is a meadow closed for good? Tell the member who added it through their profile, or edit it yourself if you added it.",
  },
  privacy: {
    title: "Privacy",
    intro:
      "We keep as little about you as the site needs to work, and nothing for advertising. This page says what we keep, why, and for how long.",
    accountTitle: "Your account",
    account:
      "When you register we keep your name, email address and a hash of your password (never the password itself). What you add to your profile (bio, website, location, profile picture) is public. You can change all of it in Settings, and delete your account there: that removes your account, sessions, favorites, photos and profile picture. Meadows you added stay on the site without your name.",
    meadowsTitle: "Meadows and photos",
    meadows:
      "Meadows you add and photos you upload are public, with your name as the member who added them. Before we store a photo we remove its metadata, including the GPS location your camera may have written into it.",
    cookiesTitle: "Cookies",
    cookies: "We set only the cookies the site needs, and no tracking or advertising cookies:",
    cookieSession: "session: keeps you signed in (only when you sign in; HttpOnly).",
    cookieLocale: "locale: remembers your language for 365 days.",
    cookieTheme: "theme: remembers your colour mode (light, dark or system) for 365 days.",
    cookieToast:
      "toast: carries a one-time message (such as “Meadow added successfully”) to the next page and is removed once shown.",
    logsTitle: "Server logs",
    logs: "Our servers log each request's method, path, status and duration to keep the site running. They do not log cookies, passwords or the contents of forms.",
    rightsTitle: "Your rights",
    rights:
      "You may see, correct and delete your data at any time in Settings. For anything else, contact us through the About page.",
  },
  terms: {
    title: "Terms of use",
    intro: "Plukweide is free to use. By using it you agree to these terms.",
    contentTitle: "What you add",
    content:
      "You are responsible for the meadows, photos and text you add. Add only places that exist and photos you took or may share. By adding them you allow Plukweide to show them on the site.",
    conductTitle: "Be kind",
    conduct:
      "No spam, advertising for unrelated businesses, or content that is unlawful or hurtful. We may remove such content and close accounts that add it.",
    accuracyTitle: "No guarantees",
    accuracy:
      "Information on Plukweide is shared by members and may be out of date. Check prices and opening hours with the meadow itself. Respect the grower's rules and pay for what you pick.",
    changesTitle: "Changes",
    changes: "We may update these terms; the date below shows the latest version.",
    updated: "Last updated: {{date}}",
  },
  errors: {
    notFoundTitle: "Page Not Found",
    notFoundDescription: "Page not found: {{path}}",
    serverTitle: "Internal Server Error",
    backHome: "Back to the home page",
  },
  toast: {
    close: "Close",
    region: "Notifications",
  },
  version: {
    available: "A new version of Plukweide is available.",
    reload: "Reload",
  },
  common: {
    loading: "Loading…",
    save: "Save",
    cancel: "Cancel",
    delete: "Delete",
    close: "Close",
  },
  auth: {
    signInTitle: "Sign in",
    signInIntro: "Welcome back. Sign in to add meadows, upload photos and keep your favorites.",
    email: "Email address",
    password: "Password",
    signInButton: "Sign in",
    forgotLink: "Forgot your password?",
    noAccount: "New to Plukweide?",
    registerLink: "Create an account",
    invalidCredentials: "That email address and password do not match. Check them and try again.",
    tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
    registerTitle: "Create your account",
    registerIntro: "Join Plukweide to share picking meadows and save your favorites.",
    fullName: "Full name",
    passwordHint: "At least 8 characters.",
    confirmPassword: "Confirm password",
    registerButton: "Create account",
    haveAccount: "Already have an account?",
    signInLink: "Sign in",
    agreeTerms: "By creating an account you agree to our",
    verifyTitle: "Check your email",
    verifyIntro:
      "We sent you a link to confirm your email address. Open it to finish creating your account.",
    verifySentTo:
      "If {{email}} is new here, a confirmation link is on its way. It works for one hour.",
    verifySent: "A confirmation link is on its way to your inbox. It works for one hour.",
    verifyResendIntro: "No email after a few minutes? Check your spam folder, or send a new link.",
    resendButton: "Send a new link",
    backToSignIn: "Back to sign in",
    forgotTitle: "Forgot your password?",
    forgotIntro: "Enter your email address and we will send you a link to choose a new password.",
    sendResetButton: "Send reset link",
    resetTitle: "Choose a new password",
    resetIntro: "Choose a new password for your account. You will be signed out everywhere else.",
    newPassword: "New password",
    resetButton: "Save new password",
    linkExpiredTitle: "This link no longer works",
    linkExpired:
      "This link has expired or was used already. Links from our emails work once, for one hour.",
    requestNewReset: "Send a new reset link",
    requestNewVerification: "Send a new confirmation link",
    backToSettings: "Back to settings",
    emailVerified: "Your email address is confirmed. Welcome to Plukweide!",
    signedOut: "You are signed out.",
    twoFactorTitle: "Two-step verification",
    twoFactorIntro:
      "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
    code: "Code",
    codeHint: "6 digits from your app, or a backup code.",
    verifyButton: "Verify",
    codeWrong: "That code is not right. Try the current code from your app.",
  },
  validation: {
    passwordMax: "Password can be at most 128 characters",
    nameRequired: "Please enter your name",
    nameTooLong: "Name can be at most 100 characters",
    passwordRequired: "Please enter your password",
    textTooLong: "This text is too long",
    codeInvalid: "Enter the 6-digit code or a backup code",
    nameMin: "Name must be at least 3 characters",
    streetRequired: "Street is required",
    houseNumberRequired: "House number is required",
    postalCodeRequired: "Postal code is required",
    cityRequired: "City is required",
    countryRequired: "Country is required",
    priceRequired: "Price is required",
    openingHoursRequired: "Opening hours are required",
    urlInvalid: "Please enter a valid URL",
    addressInvalid: "Please enter a valid address to continue",
    passwordMin: "Password must be at least 8 characters",
    passwordsMatch: "Passwords must match",
    emailInvalid: "Please enter a valid email address",
  },
  messages: {
    locationUnavailable: "Could not get your location",
    geolocationUnsupported: "Geolocation is not supported by your browser",
    locationNotFound: "Could not find the location",
    noMeadows: "No meadows found",
    photoUploadFailed: "Failed to upload photo",
    photoDeleteFailed: "Failed to delete photo",
    signInForFavorites: "Please sign in to view your favorites",
    signInForPhotos: "Log in to upload or delete photos",
    meadowAdded: "Meadow added successfully",
    passwordUpdated: "Password updated successfully",
    emailUpdated: "Email updated successfully",
    verificationSent: "Verification email sent",
    resetSent: "Password reset email sent",
  },
} as const;

type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/** The shape every language's catalogue has: the English keys, with strings of its own. */
export type Translation = Catalogue<typeof en>;

export default en;
