import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/hooks/use-translation";
import { AvatarSection } from "./avatar-section";
import { DeleteAccountSection } from "./delete-account-section";
import { EmailSection } from "./email-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { TwoFactorSection, type TwoFactorAnswer } from "./two-factor-section";

export interface SettingsAccount {
  id: string;
  name: string;
  email: string;
  bio: string | null;
  website: string | null;
  location: string | null;
  twoFactorEnabled: boolean | null;
  favoritesPublic: boolean;
  avatar: { src: string; srcSet: string } | null;
}

/** What the settings page shows, from its loader. */
export interface SettingsData {
  account: SettingsAccount;
  confirmWord: string;
}

type FormResult = SubmissionResult<string[]>;

/** The answer of the one form just sent, for the section it belongs to. */
export interface SettingsAnswers {
  avatar?: FormResult;
  profile?: FormResult;
  password?: FormResult;
  email?: { result: FormResult; sentTo?: string };
  twoFactor?: TwoFactorAnswer;
  deleteAccount?: FormResult;
}

export function SettingsPage({
  account,
  confirmWord,
  answers = {},
}: SettingsData & { answers?: SettingsAnswers }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("nav.settings")}</h1>
        <p className="mt-2 text-muted-foreground">{t("settings.intro")}</p>
      </div>
      <AvatarSection account={account} result={answers.avatar} />
      <ProfileSection account={account} result={answers.profile} />
      <PasswordSection result={answers.password} />
      <EmailSection
        email={account.email}
        result={answers.email?.result}
        sentTo={answers.email?.sentTo}
      />
      <TwoFactorSection enabled={Boolean(account.twoFactorEnabled)} answer={answers.twoFactor} />
      <DeleteAccountSection confirmWord={confirmWord} result={answers.deleteAccount} />
    </main>
  );
}
