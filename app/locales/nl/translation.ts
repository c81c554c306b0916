import type { Translation } from "../en/translation";

const nl = {
  meta: {
    tagline: "Vind en deel pluktuinen",
    description:
      "Pluktuinen en zelfpluk-fruittuinen bij jou in de buurt, gedeeld door mensen die ze een warm hart toedragen.",
  },
  nav: {
    skipToContent: "Naar de inhoud",
    main: "Hoofdmenu",
    footer: "Voettekst",
    home: "Home",
    map: "Kaart",
    addMeadow: "Pluktuin toevoegen",
    favorites: "Mijn favorieten",
    profile: "Profiel",
    settings: "Instellingen",
    about: "Over ons",
    privacy: "Privacy",
    terms: "Voorwaarden",
    signIn: "Inloggen",
    signOut: "Uitloggen",
    menu: "Menu",
  },
  language: {
    switchTo: "English",
    switchToHint: "View this page in English",
  },
  theme: {
    light: "Licht",
    dark: "Donker",
    system: "Systeem",
    current: "Weergave: {{mode}}",
  },
  home: {
    title: "Pluk je eigen bloemen en fruit",
    intro:
      "Plukweide verzamelt pluktuinen en zelfpluk-fruittuinen: tulpen in het voorjaar, dahlia's en zonnebloemen in de zomer, appels in de herfst. Vind er een bij jou in de buurt, of deel je favoriete plek.",
    searchLabel: "Zoek pluktuinen",
    searchPlaceholder: "Tulpen, aardbeien, een plaats…",
    searchButton: "Zoeken",
    addTitle: "Ken je een pluktuin?",
    addText:
      "Zet hem op Plukweide met adres, prijzen en openingstijden, zodat anderen er ook van kunnen genieten.",
    addButton: "Pluktuin toevoegen",
    browseButton: "Alle pluktuinen bekijken",
    seasonsTitle: "Wat pluk je wanneer",
    spring: "Voorjaar",
    springText: "Tulpen, narcissen en de eerste rabarber.",
    summer: "Zomer",
    summerText: "Dahlia's, zonnebloemen, zinnia's, aardbeien en bessen.",
    autumn: "Herfst",
    autumnText: "Appels, peren, pompoenen en de laatste dahlia's.",
  },
  about: {
    title: "Over Plukweide",
    intro:
      "Plukweide is een site van en voor liefhebbers, om pluktuinen te vinden en te delen: plekken waar je zelf bloemen of fruit plukt en de kweker betaalt voor wat je meeneemt.",
    whyTitle: "Waarom we dit maken",
    why: "Pluktuinen zijn vaak kleine familiebedrijven met een handgeschilderd bord langs de weg. Je rijdt er makkelijk langs en online zijn ze lastig te vinden. Plukweide brengt ze samen op één plek, in het Nederlands en het Engels, zodat een zonnige middag kan eindigen met een bos bloemen die je zelf hebt geplukt.",
    howTitle: "Hoe het werkt",
    how: "Iedereen kan pluktuinen bekijken en zoeken op naam, land en afstand. Leden voegen pluktuinen toe met adres, prijzen en openingstijden, uploaden foto's en houden een lijst met favorieten bij. Wat je hier leest, is geschreven door leden: check de openingstijden bij de pluktuin voordat je ver rijdt.",
    contactTitle: "Contact",
    contact:
      "Zie je een fout, of is een pluktuin voorgoed dicht? Laat het weten aan het lid dat hem heeft toegevoegd via diens profiel, of pas hem zelf aan als jij hem hebt toegevoegd.",
  },
  privacy: {
    title: "Privacy",
    intro:
      "We bewaren niet meer over je dan de site nodig heeft om te werken, en niets voor reclame. Op deze pagina lees je wat we bewaren, waarom en hoe lang.",
    accountTitle: "Je account",
    account:
      "Als je je registreert, bewaren we je naam, je e-mailadres en een hash van je wachtwoord (nooit het wachtwoord zelf). Wat je aan je profiel toevoegt (bio, website, woonplaats, profielfoto) is openbaar. Je kunt dit allemaal aanpassen bij Instellingen en daar ook je account verwijderen: dan verdwijnen je account, sessies, favorieten, foto's en profielfoto. Pluktuinen die je hebt toegevoegd blijven op de site staan, zonder je naam.",
    meadowsTitle: "Pluktuinen en foto's",
    meadows:
      "Pluktuinen die je toevoegt en foto's die je uploadt zijn openbaar, met jouw naam als het lid dat ze heeft toegevoegd. Voordat we een foto opslaan, halen we de metadata eruit, ook de gps-locatie die je camera er misschien in heeft gezet.",
    cookiesTitle: "Cookies",
    cookies:
      "We plaatsen alleen de cookies die de site nodig heeft, en geen tracking- of advertentiecookies:",
    cookieSession: "session: houdt je ingelogd (alleen als je inlogt; HttpOnly).",
    cookieLocale: "locale: onthoudt je taal, 365 dagen lang.",
    cookieTheme: "theme: onthoudt je weergave (licht, donker of systeem), 365 dagen lang.",
    cookieToast:
      "toast: brengt een eenmalig bericht (zoals ‘Pluktuin toegevoegd’) naar de volgende pagina en verdwijnt zodra het getoond is.",
    logsTitle: "Serverlogs",
    logs: "Onze servers loggen van elk verzoek de methode, het pad, de status en de duur, om de site draaiende te houden. Cookies, wachtwoorden en de inhoud van formulieren komen niet in de logs.",
    rightsTitle: "Je rechten",
    rights:
      "Je kunt je gegevens altijd inzien, aanpassen en verwijderen bij Instellingen. Voor al het andere kun je contact opnemen via de pagina Over ons.",
  },
  terms: {
    title: "Gebruiksvoorwaarden",
    intro:
      "Plukweide is gratis te gebruiken. Door de site te gebruiken, ga je akkoord met deze voorwaarden.",
    contentTitle: "Wat je toevoegt",
    content:
      "Je bent zelf verantwoordelijk voor de pluktuinen, foto's en teksten die je toevoegt. Voeg alleen plekken toe die echt bestaan, en foto's die je zelf hebt gemaakt of mag delen. Door ze toe te voegen, geef je Plukweide toestemming ze op de site te tonen.",
    conductTitle: "Wees vriendelijk",
    conduct:
      "Geen spam, geen reclame voor bedrijven die er niets mee te maken hebben, en niets wat onwettig of kwetsend is. We kunnen zulke inhoud verwijderen en accounts die het plaatsen sluiten.",
    accuracyTitle: "Geen garanties",
    accuracy:
      "De informatie op Plukweide wordt gedeeld door leden en kan verouderd zijn. Check prijzen en openingstijden bij de pluktuin zelf. Houd je aan de regels van de kweker en betaal voor wat je plukt.",
    changesTitle: "Wijzigingen",
    changes:
      "We kunnen deze voorwaarden aanpassen; de datum hieronder laat de laatste versie zien.",
    updated: "Laatst bijgewerkt: {{date}}",
  },
  errors: {
    notFoundTitle: "Pagina niet gevonden",
    notFoundDescription: "Pagina niet gevonden: {{path}}",
    serverTitle: "Interne serverfout",
    backHome: "Terug naar de homepage",
  },
  toast: {
    close: "Sluiten",
    region: "Meldingen",
  },
  version: {
    available: "Er is een nieuwe versie van Plukweide.",
    reload: "Vernieuwen",
  },
  common: {
    loading: "Bezig met laden…",
    save: "Opslaan",
    cancel: "Annuleren",
    delete: "Verwijderen",
    close: "Sluiten",
  },
  auth: {
    signInTitle: "Inloggen",
    signInIntro:
      "Welkom terug. Log in om pluktuinen toe te voegen, foto's te uploaden en je favorieten bij te houden.",
    email: "E-mailadres",
    password: "Wachtwoord",
    signInButton: "Inloggen",
    forgotLink: "Wachtwoord vergeten?",
    noAccount: "Nieuw bij Plukweide?",
    registerLink: "Maak een account",
    invalidCredentials:
      "Dit e-mailadres en wachtwoord horen niet bij elkaar. Controleer ze en probeer het opnieuw.",
    tooManyAttempts: "Te veel pogingen. Wacht een paar minuten en probeer het dan opnieuw.",
    registerTitle: "Maak je account",
    registerIntro: "Word lid van Plukweide om pluktuinen te delen en je favorieten te bewaren.",
    fullName: "Volledige naam",
    passwordHint: "Minstens 8 tekens.",
    confirmPassword: "Herhaal je wachtwoord",
    registerButton: "Account maken",
    haveAccount: "Heb je al een account?",
    signInLink: "Inloggen",
    agreeTerms: "Met je account ga je akkoord met onze",
    verifyTitle: "Kijk in je mailbox",
    verifyIntro:
      "We hebben je een link gestuurd om je e-mailadres te bevestigen. Open hem om je account af te maken.",
    verifySentTo:
      "Als {{email}} nieuw is bij ons, is er een bevestigingslink onderweg. Hij werkt een uur lang.",
    verifySent: "Er is een bevestigingslink onderweg naar je mailbox. Hij werkt een uur lang.",
    verifyResendIntro:
      "Na een paar minuten nog niets? Kijk in je spammap, of vraag een nieuwe link aan.",
    resendButton: "Stuur een nieuwe link",
    backToSignIn: "Terug naar inloggen",
    forgotTitle: "Wachtwoord vergeten?",
    forgotIntro:
      "Vul je e-mailadres in, dan sturen we je een link om een nieuw wachtwoord te kiezen.",
    sendResetButton: "Stuur de link",
    resetTitle: "Kies een nieuw wachtwoord",
    resetIntro: "Kies een nieuw wachtwoord voor je account. Overal anders word je dan uitgelogd.",
    newPassword: "Nieuw wachtwoord",
    resetButton: "Nieuw wachtwoord opslaan",
    linkExpiredTitle: "Deze link werkt niet meer",
    linkExpired:
      "Deze link is verlopen of al gebruikt. Links uit onze e-mails werken één keer, een uur lang.",
    requestNewReset: "Vraag een nieuwe link aan",
    requestNewVerification: "Stuur een nieuwe bevestigingslink",
    backToSettings: "Terug naar instellingen",
    emailVerified: "Je e-mailadres is bevestigd. Welkom bij Plukweide!",
    signedOut: "Je bent uitgelogd.",
    twoFactorTitle: "Verificatie in twee stappen",
    twoFactorIntro:
      "Vul de 6-cijferige code uit je authenticator-app in, of een van je back-upcodes.",
    code: "Code",
    codeHint: "6 cijfers uit je app, of een back-upcode.",
    verifyButton: "Controleren",
    codeWrong: "Die code klopt niet. Probeer de huidige code uit je app.",
  },
  validation: {
    passwordMax: "Het wachtwoord mag hoogstens 128 tekens lang zijn",
    nameRequired: "Vul je naam in",
    nameTooLong: "De naam mag hoogstens 100 tekens lang zijn",
    passwordRequired: "Vul je wachtwoord in",
    textTooLong: "Deze tekst is te lang",
    codeInvalid: "Vul de 6-cijferige code of een back-upcode in",
    nameMin: "De naam moet minstens 3 tekens lang zijn",
    streetRequired: "Vul een straat in",
    houseNumberRequired: "Vul een huisnummer in",
    postalCodeRequired: "Vul een postcode in",
    cityRequired: "Vul een plaats in",
    countryRequired: "Kies een land",
    priceRequired: "Vul een prijs in",
    openingHoursRequired: "Vul de openingstijden in",
    urlInvalid: "Vul een geldige URL in",
    addressInvalid: "Vul een geldig adres in om verder te gaan",
    passwordMin: "Het wachtwoord moet minstens 8 tekens lang zijn",
    passwordsMatch: "De wachtwoorden komen niet overeen",
    emailInvalid: "Vul een geldig e-mailadres in",
  },
  messages: {
    locationUnavailable: "We konden je locatie niet bepalen",
    geolocationUnsupported: "Je browser ondersteunt geen locatiebepaling",
    locationNotFound: "We konden die plaats niet vinden",
    noMeadows: "Geen pluktuinen gevonden",
    photoUploadFailed: "Het uploaden van de foto is mislukt",
    photoDeleteFailed: "Het verwijderen van de foto is mislukt",
    signInForFavorites: "Log in om je favorieten te bekijken",
    signInForPhotos: "Log in om foto's te uploaden of te verwijderen",
    meadowAdded: "Pluktuin toegevoegd",
    passwordUpdated: "Je wachtwoord is gewijzigd",
    emailUpdated: "Je e-mailadres is gewijzigd",
    verificationSent: "Verificatiemail verstuurd",
    resetSent: "We hebben je een e-mail gestuurd om je wachtwoord opnieuw in te stellen",
  },
} satisfies Translation;

export default nl;
