import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import {
  NavigationType,
  useLocation,
  useNavigation,
  useNavigationType,
  useSubmit,
} from "react-router";
import {
  meadowSearchParams,
  parseMeadowSearch,
  type ListSort,
  type MeadowSearch,
} from "~/lib/schemas/meadow-search";

/** The typed words go out this long after the last key, so each word is one request. */
const TYPING_DEBOUNCE_MS = 300;

/**
 * A form field's value, kept in step with the URL. It follows the URL when the URL changes by
 * other means (back and forward, a link, "clear location"), but not when the change is one this
 * field sent: the visitor may have typed on while the results loaded, and the results of words
 * sent earlier may arrive before those of the last ones.
 */
export function useUrlField(urlValue: string) {
  return useUrlFieldState(urlValue, useNavigationType() === NavigationType.Pop);
}

/** useUrlField, told whether the URL last changed by back or forward. */
export function useUrlFieldState(urlValue: string, fromHistory: boolean) {
  const [value, setValue] = useState(urlValue);
  // The values sent whose results have not all arrived, oldest first. The router gives up a
  // request when a later one starts, so none arrives after a later one has.
  const pending = useRef<string[]>([]);
  const seen = useRef(urlValue);
  // Compared once the URL's render is committed, not while rendering: a key typed meanwhile
  // renders the page again with the URL before, and must neither be lost nor undo the new one.
  useLayoutEffect(() => {
    if (seen.current === urlValue) return;
    seen.current = urlValue;
    const sent = fromHistory ? -1 : pending.current.lastIndexOf(urlValue);
    if (sent === -1) {
      pending.current = [];
      setValue(urlValue);
    } else {
      pending.current = pending.current.slice(sent + 1);
    }
  }, [urlValue, fromHistory]);
  return {
    value,
    set: setValue,
    // A value the URL holds already, with nothing else under way, brings no change to wait for.
    markSent: (sent: string) => {
      if (sent !== seen.current || pending.current.length > 0) pending.current.push(sent);
    },
  };
}

export type UrlField = ReturnType<typeof useUrlFieldState>;

/**
 * The meadows list's search as the visitor changes it: every change goes to the URL, which loads
 * the results, without a page load. Typing goes out a moment after the last key and refines the
 * history entry its first request made; any other change is a new step back to.
 */
export function useLiveSearch({
  search,
  sort,
  formRef,
}: {
  /** The search the URL holds now. */
  search: MeadowSearch;
  /** The order the results are in (the default one when the URL names none). */
  sort: ListSort;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The current run of typing: its history entry carries it; more typing replaces that entry. */
  const typingRun = useRef<string | null>(null);
  const q = useUrlField(search.q);
  const place = useUrlField(search.place);
  /** The query last sent, until the router is idle again: the page may still show the one before. */
  const sentSearch = useRef<string | undefined>(undefined);
  const idle = useNavigation().state === "idle";

  useEffect(() => () => clearTimeout(typingTimer.current), []);
  useEffect(() => {
    if (idle) sentSearch.current = undefined;
  }, [idle]);

  /** The form's search, cleaned as the URL keeps it, from page 1. */
  function searchFromForm(extra: Record<string, string> = {}): MeadowSearch {
    const raw = new URLSearchParams();
    for (const [key, value] of new FormData(formRef.current ?? undefined)) {
      if (typeof value === "string") raw.append(key, value);
    }
    for (const [key, value] of Object.entries(extra)) raw.set(key, value);
    const next = { ...parseMeadowSearch(raw), page: 1 };
    // The menu shows the default order when none was chosen; sending it would pin that order,
    // and a place entered next should bring nearest-first.
    if (!search.sort && next.sort === sort) delete next.sort;
    return next;
  }

  function send({ typing = false, extra }: { typing?: boolean; extra?: Record<string, string> }) {
    clearTimeout(typingTimer.current);
    const next = searchFromForm(extra);
    const params = meadowSearchParams(next);
    const query = `?${params}`;
    // The browser's address, not the rendered location: this runs from a timer set in an
    // earlier render, whose location may be the one before a navigation since.
    if (typing && query === (sentSearch.current ?? (window.location.search || "?"))) return;
    sentSearch.current = query;
    q.markSent(next.q);
    place.markSent(next.place);
    // The browser's own entry, not the rendered location: the router may already have made the
    // run's entry while React still renders the page before it, and words typed meanwhile must
    // replace it. Results still loading are given up for the new words, entry and all.
    const replace =
      typing && typingRun.current !== null && currentTypingRun() === typingRun.current;
    if (!replace) typingRun.current = typing ? Math.random().toString(36).slice(2) : null;
    void submit(params, {
      method: "get",
      action: location.pathname,
      replace,
      state: typing ? { typingRun: typingRun.current } : undefined,
      preventScrollReset: true,
    });
  }

  /** The words typed so far; they go out once the typing pauses. */
  function type(value: string) {
    q.set(value);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => send({ typing: true }), TYPING_DEBOUNCE_MS);
  }

  /** A menu's new choice, sent at once. */
  function choose(field: UrlField, name: string, value: string) {
    field.set(value);
    field.markSent(value);
    send({ extra: { [name]: value } });
  }

  return { q, place, send, type, choose };
}

/** The run of typing the browser's current entry came from (React Router keeps state as `usr`). */
function currentTypingRun(): unknown {
  const entry: unknown = window.history.state;
  if (typeof entry !== "object" || entry === null || !("usr" in entry)) return undefined;
  const state: unknown = entry.usr;
  if (typeof state !== "object" || state === null || !("typingRun" in state)) return undefined;
  return state.typingRun;
}
