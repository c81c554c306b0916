import {
  getFormProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link } from "react-router";
import { CropPicker, CropsOutsideHours } from "~/components/crop-picker";
import { HoursEditor } from "~/components/hours-editor";
import { FormField, FormTextarea, useTranslatedErrors } from "~/components/form-field";
import { LazyLocationPicker } from "~/components/map/lazy-location-picker";
import { buttonVariants, SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { inputClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/country-names";
import { addressFingerprint, COUNTRIES, meadowSchema } from "~/lib/schemas/meadow";

/**
 * A field's text as sent back with the form's errors. A field sent twice comes back as a list
 * (no page of the app sends one; a hand-made post may): it counts as empty.
 */
function typedText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Where the server found the address (see app/routes/meadows/meadow-form.server.ts). */
export interface FoundPosition {
  lat: number;
  lng: number;
  label: string;
  precision: "address" | "postal-code" | "city";
  fingerprint: string;
}

export interface MeadowFormDefaults {
  name?: string;
  description?: string;
  descriptionNl?: string;
  priceText?: string;
  openingHours?: string;
  hoursSyntax?: string | null;
  street?: string;
  houseNumber?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  addressExtra?: string | null;
  website?: string | null;
  phone?: string | null;
  instagram?: string | null;
  /** Ticked crop ids, and "id:month" for each month of each. */
  crops?: string[];
  cropMonths?: string[];
}

/**
 * The add and edit form. Step one asks the server to find the address; step two shows where it
 * was found on a map whose pin the member drags to the field entrance, and saves. Changing the
 * address after it was found goes back to step one, so a saved pin always belongs to the saved
 * address.
 */
export function MeadowForm({
  id,
  defaultValue,
  result,
  found,
  styleUrl,
  saveLabel,
  cancelTo,
}: {
  id: string;
  defaultValue?: MeadowFormDefaults;
  result?: SubmissionResult<string[]>;
  found?: FoundPosition;
  styleUrl: string;
  saveLabel: string;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const [form, fields] = useForm({
    id,
    lastResult: result,
    constraint: getZodConstraint(meadowSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: meadowSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      ...defaultValue,
      addressExtra: defaultValue?.addressExtra ?? "",
      hoursSyntax: defaultValue?.hoursSyntax ?? "",
      website: defaultValue?.website ?? "",
      phone: defaultValue?.phone ?? "",
      instagram: defaultValue?.instagram ?? "",
    },
  });

  // The pin starts where the server found the address and follows the member's dragging; a new
  // answer from the server (another address found) puts it back on the found spot.
  const [pin, setPin] = useState(found ? { lat: found.lat, lng: found.lng } : null);
  const [pinFor, setPinFor] = useState(found);
  if (found !== pinFor) {
    setPinFor(found);
    setPin(found ? { lat: found.lat, lng: found.lng } : null);
  }
  const currentAddress = addressFingerprint({
    street: typedText(fields.street.value),
    houseNumber: typedText(fields.houseNumber.value),
    postalCode: typedText(fields.postalCode.value),
    city: typedText(fields.city.value),
    country: typedText(fields.country.value),
  });
  const located = found && pin && found.fingerprint === currentAddress ? found : undefined;
  const formErrors = useTranslatedErrors(form.errors);
  // Both descriptions, the member's interface language first.
  const descriptionFields = [
    { lang: "en", meta: fields.description, label: t("meadowForm.descriptionEn") },
    { lang: "nl", meta: fields.descriptionNl, label: t("meadowForm.descriptionNl") },
  ].sort((a, b) => Number(b.lang === lang) - Number(a.lang === lang));
  const cropErrors = useTranslatedErrors([
    ...(fields.crops.errors ?? []),
    ...(fields.cropMonths.errors ?? []),
  ]);

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-10">
      <Section title={t("meadowForm.aboutTitle")}>
        <FormField meta={fields.name} label={t("meadowForm.name")} />
        {descriptionFields.map(({ lang: written, meta, label }, index) => (
          <FormTextarea
            key={written}
            meta={meta}
            label={label}
            hint={t(index === 0 ? "meadowForm.descriptionHint" : "meadowForm.descriptionLanguages")}
            rows={index === 0 ? 6 : 4}
            lang={written}
          />
        ))}
        <FormField
          meta={fields.priceText}
          label={t("meadowForm.price")}
          hint={t("meadowForm.priceHint")}
        />
      </Section>

      <Section title={t("hours.editorTitle")} description={t("hours.editorIntro")}>
        <HoursEditor meta={fields.hoursSyntax} lang={lang} />
        <FormTextarea
          meta={fields.openingHours}
          label={t("meadowForm.openingHours")}
          hint={t("meadowForm.openingHoursHint")}
          rows={2}
        />
      </Section>

      <Section title={t("crops.formTitle")} description={t("crops.formIntro")}>
        <CropPicker
          crops={fields.crops.initialValue}
          cropMonths={fields.cropMonths.initialValue}
          errors={cropErrors}
          errorId={fields.crops.errorId}
        />
        <CropsOutsideHours
          crops={fields.crops.value}
          cropMonths={fields.cropMonths.value}
          hoursSyntax={typedText(fields.hoursSyntax.value)}
          country={typedText(fields.country.value)}
        />
      </Section>

      <Section title={t("meadowForm.addressTitle")} description={t("meadowForm.addressIntro")}>
        <div className="grid items-start gap-4 sm:grid-cols-[1fr_8rem]">
          <FormField
            meta={fields.street}
            label={t("meadowForm.street")}
            autoComplete="address-line1"
          />
          <FormField meta={fields.houseNumber} label={t("meadowForm.houseNumber")} />
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-[10rem_1fr]">
          <FormField
            meta={fields.postalCode}
            label={t("meadowForm.postalCode")}
            autoComplete="postal-code"
          />
          <FormField
            meta={fields.city}
            label={t("meadowForm.city")}
            autoComplete="address-level2"
          />
        </div>
        <CountrySelect meta={fields.country} label={t("meadowForm.country")} lang={lang} />
        <FormField
          meta={fields.addressExtra}
          label={t("meadowForm.addressExtra")}
          hint={t("meadowForm.addressExtraHint")}
        />
        <ErrorList id={form.errorId} errors={formErrors} className="font-medium" />
      </Section>

      <Section title={t("meadowForm.contactTitle")} description={t("meadowForm.contactIntro")}>
        <FormField
          meta={fields.website}
          label={t("meadowForm.website")}
          type="url"
          autoComplete="url"
          hint={t("meadowForm.websiteHint")}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField meta={fields.phone} label={t("meadowForm.phone")} type="tel" />
          <FormField
            meta={fields.instagram}
            label={t("meadowForm.instagram")}
            hint={t("meadowForm.instagramHint")}
          />
        </div>
      </Section>

      {located && pin ? (
        <Section
          title={t("meadowForm.locationTitle")}
          description={
            located.precision === "city"
              ? t("meadowForm.locationTownOnly", { place: located.label })
              : t("meadowForm.locationFound", { place: located.label })
          }
        >
          <input type="hidden" name="lat" value={pin.lat.toFixed(6)} />
          <input type="hidden" name="lng" value={pin.lng.toFixed(6)} />
          <input type="hidden" name="locatedAddress" value={located.fingerprint} />
          <LazyLocationPicker
            lat={pin.lat}
            lng={pin.lng}
            onChange={setPin}
            styleUrl={styleUrl}
            label={t("meadowForm.pinLabel")}
          />
          <p className="text-sm text-muted-foreground" data-testid="pin-position">
            {/* Not `lng`: i18next reads that option as the language. */}
            {t("meadowForm.pinPosition", {
              latitude: pin.lat.toFixed(5),
              longitude: pin.lng.toFixed(5),
            })}
          </p>
        </Section>
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-end">
        <Link to={cancelTo} className={cn(buttonVariants({ variant: "ghost" }))}>
          {t("common.cancel")}
        </Link>
        {located ? (
          <>
            <SubmitButton name="intent" value="locate" variant="outline">
              {t("meadowForm.findAgain")}
            </SubmitButton>
            <SubmitButton name="intent" value="save">
              {saveLabel}
            </SubmitButton>
          </>
        ) : (
          <SubmitButton name="intent" value="locate">
            {t("meadowForm.findAddress")}
          </SubmitButton>
        )}
      </div>
    </Form>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 text-lg font-semibold tracking-tight">{title}</legend>
      {description ? <p className="-mt-2 text-sm text-muted-foreground">{description}</p> : null}
      {children}
    </fieldset>
  );
}

function CountrySelect({
  meta,
  label,
  lang,
}: {
  meta: FieldMetadata<string | null | undefined>;
  label: string;
  lang: "en" | "nl";
}) {
  const { t } = useTranslation();
  const errors = useTranslatedErrors(meta.errors);
  const countries = COUNTRIES.map((code) => ({ code, name: countryName(code, lang) })).sort(
    (a, b) => a.name.localeCompare(b.name, lang),
  );
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <select
        {...getSelectProps(meta, { ariaAttributes: false })}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? meta.errorId : undefined}
        className={cn(inputClassName, "h-10 py-2")}
      >
        <option value="">{t("meadowForm.chooseCountry")}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={errors} />
    </div>
  );
}
