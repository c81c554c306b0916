import { useCombobox } from "downshift";
import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from "react";
import { useNavigate } from "react-router";
import { CropDot, cropName, cropNameInText } from "~/components/crops";
import { PinIcon, SproutIcon } from "~/components/ui/icons";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { useTranslation } from "~/hooks/use-translation";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/country-names";
import { foldName } from "~/lib/fold";
import type { Language } from "~/lib/i18n";
import {
  SUGGESTIONS_MIN_LENGTH,
  suggestionsAnswerSchema,
  type Suggestion,
} from "~/lib/schemas/suggestions";

/** Suggestions are asked this long after the last key, so fast typing asks once. */
const SUGGEST_DEBOUNCE_MS = 120;
/** Answers kept in the page, so deleting a letter shows the earlier suggestions at once. */
const KEPT_ANSWERS = 50;

export interface SearchSuggestionsProps {
  /** The input's id; the page's `<label htmlFor>` names it. */
  id: string;
  /** The id of that label, which names the combobox to screen readers. */
  labelId: string;
  /** The box's text. */
  value: string;
  /** The visitor typed. */
  onValueChange: (value: string) => void;
  /** A place or a crop was chosen: the box's new text, to search for at once. */
  onComplete: (value: string) => void;
  /** The search input's own attributes: id, name, placeholder, classes and the like. */
  inputProps: Omit<ComponentProps<"input">, "id" | "value" | "defaultValue" | "onChange">;
  className?: string;
}

/**
 * A search box that suggests places, crops and meadows as the visitor types, as a combobox
 * (WAI-ARIA's pattern, kept by Downshift: arrows move through the suggestions, Enter takes one,
 * Escape closes them). A place or crop completes the words typed; a meadow opens its page. Enter
 * with no suggestion chosen submits the form as it is; without JavaScript it is a plain input.
 */
export function SearchSuggestions({
  id,
  labelId,
  value,
  onValueChange,
  onComplete,
  inputProps,
  className,
}: SearchSuggestionsProps) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const suggestions = useSuggestions(asked, lang);

  // Words typed before the page's scripts ran are in the input, not yet in the state.
  useLayoutEffect(() => {
    const typed = (document.getElementById(id) as HTMLInputElement | null)?.value;
    if (typed !== undefined && typed !== value) onValueChange(typed);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const completion = (suggestion: Suggestion) =>
    suggestion.kind === "place"
      ? `${suggestion.before}${suggestion.name}`
      : suggestion.kind === "crop"
        ? `${suggestion.before}${cropNameInText(t, lang, suggestion.id)}`
        : value;

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, closeMenu } =
    useCombobox<Suggestion>({
      items: suggestions,
      inputId: id,
      labelId,
      menuId: `${id}-suggestions`,
      inputValue: value,
      // The box keeps no chosen item: each choice completes the text or leaves the page.
      selectedItem: null,
      itemToString: (suggestion) => (suggestion ? completion(suggestion) : ""),
      itemToKey: suggestionKey,
      // Leaving the box never chooses for the visitor.
      stateReducer: (state, { type, changes }) =>
        type === useCombobox.stateChangeTypes.InputBlur
          ? { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue }
          : changes,
      onSelectedItemChange: ({ selectedItem }) => {
        if (!selectedItem) return;
        setAsked(undefined);
        if (selectedItem.kind === "meadow") {
          void navigate(localePath(`/meadows/${encodeURIComponent(selectedItem.id)}`));
        } else {
          onComplete(completion(selectedItem));
        }
      },
    });

  const open = isOpen && suggestions.length > 0;
  const { onKeyDown, ...ownInputProps } = inputProps;
  return (
    <div className={cn("relative", className)}>
      <input
        {...getInputProps({
          ...ownInputProps,
          // Each key reaches the page's state at once, in the event: through Downshift's own
          // callback a key typed while the page renders could be lost.
          onChange: (event) => {
            const typed = event.currentTarget.value;
            onValueChange(typed);
            setAsked(typed);
          },
          onKeyDown: (event) => {
            // Enter with no suggestion chosen submits the form, as in a plain search box.
            if (event.key === "Enter" && highlightedIndex < 0) {
              (
                event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }
              ).preventDownshiftDefault = true;
              closeMenu();
            }
            onKeyDown?.(event);
          },
        })}
      />
      <ul
        {...getMenuProps({ "aria-label": t("suggestions.label") })}
        className={cn(
          "absolute top-full left-0 z-50 mt-1 max-h-[min(24rem,60vh)] w-full min-w-64 overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg",
          !open && "hidden",
        )}
      >
        {open
          ? suggestions.map((suggestion, index) => (
              <SuggestionItem
                key={suggestionKey(suggestion)}
                suggestion={suggestion}
                heading={index === 0 || suggestions[index - 1]?.kind !== suggestion.kind}
                highlighted={index === highlightedIndex}
                lang={lang}
                itemProps={getItemProps({ item: suggestion, index })}
              />
            ))
          : null}
      </ul>
      {/* A live region without the status role, which the page's own result count holds. */}
      <p aria-live="polite" className="sr-only" data-testid="suggestions-count">
        {open ? t("suggestions.count", { count: suggestions.length }) : ""}
      </p>
    </div>
  );
}

function suggestionKey(suggestion: Suggestion | null): string {
  if (!suggestion) return "";
  return suggestion.kind === "place"
    ? `place:${suggestion.name}:${suggestion.country}`
    : `${suggestion.kind}:${suggestion.id}`;
}

const GROUP_HEADINGS = {
  place: "suggestions.places",
  crop: "suggestions.crops",
  meadow: "suggestions.meadows",
} as const;

function SuggestionItem({
  suggestion,
  heading,
  highlighted,
  lang,
  itemProps,
}: {
  suggestion: Suggestion;
  heading: boolean;
  highlighted: boolean;
  lang: Language;
  itemProps: ComponentProps<"li">;
}) {
  const { t } = useTranslation();
  return (
    <>
      {heading ? (
        // A visual heading: each option says its own kind to screen readers.
        <li
          role="presentation"
          aria-hidden
          className="px-2 pt-2 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          {t(GROUP_HEADINGS[suggestion.kind])}
        </li>
      ) : null}
      <li
        {...itemProps}
        className={cn(
          "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm",
          highlighted && "bg-accent text-accent-foreground",
        )}
      >
        {suggestion.kind === "place" ? (
          <>
            <PinIcon className="shrink-0 text-primary" />
            <span className="min-w-0 font-medium break-words">
              {suggestion.name}
              {/* Its kind, for screen readers: the headings are for the eye. */}
              <span className="sr-only">
                , {t(suggestion.region ? "suggestions.region" : "suggestions.place")},
              </span>
            </span>
            <span className="ml-auto shrink-0 pl-2 text-xs text-muted-foreground">
              {countryName(suggestion.country, lang)}
            </span>
          </>
        ) : suggestion.kind === "crop" ? (
          <>
            <CropDot id={suggestion.id} className="mx-1" />
            <span className="font-medium">
              {cropName(t, suggestion.id)}
              <span className="sr-only">, {t("suggestions.crop")}</span>
            </span>
          </>
        ) : (
          <>
            <SproutIcon className="mt-0.5 shrink-0 self-start text-primary" />
            {/* The name on a line of its own: names are long, and a narrow box would split them. */}
            <span className="grid min-w-0">
              <span className="font-medium break-words">
                {suggestion.name}
                <span className="sr-only">, {t("suggestions.meadow")},</span>
              </span>
              <span className="text-xs text-muted-foreground">{suggestion.city}</span>
            </span>
          </>
        )}
      </li>
    </>
  );
}

/**
 * The server's suggestions for `text` (none while it is undefined or too short), asked a moment
 * after the last key; a newer text gives up the answer under way. A failed request shows none.
 */
function useSuggestions(text: string | undefined, lang: Language): Suggestion[] {
  const [shown, setShown] = useState<Suggestion[]>([]);
  const kept = useRef(new Map<string, Suggestion[]>());
  const key =
    text !== undefined && foldName(text).length >= SUGGESTIONS_MIN_LENGTH ? `${lang}\n${text}` : "";

  useEffect(() => {
    if (key === "") return;
    const known = kept.current.get(key);
    if (known) {
      setShown(known);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: text ?? "", lang });
      fetch(`/resources/suggestions?${params}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`suggestions answered ${response.status}`);
          const { suggestions } = suggestionsAnswerSchema.parse(await response.json());
          kept.current.set(key, suggestions);
          if (kept.current.size > KEPT_ANSWERS) {
            kept.current.delete(kept.current.keys().next().value ?? "");
          }
          setShown(suggestions);
        })
        .catch(() => {
          if (!controller.signal.aborted) setShown([]);
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, text, lang]);

  // The last answer stays while the next loads, so the list does not blink at every key.
  return key !== "" ? shown : [];
}
