// The page's words in the reader's language (issue 29). Every word a module shows is marked
// with t(english) (or tn(one, many, n) where a number decides the form), English being the key, so
// the catalogs' tools find it; the server sends the translations (GET api/strings?lang=, and a
// room's web info for its variants' modules). Codes ("plant f1", "p2") are never translated.
// The variants' modules reach these through ctx.t and ctx.tn.

const KEY = "beanframe.language";
const LANGUAGES = ["en", "nl", "fr", "de"];

let lang = "en";
let strings = {};
let names = { en: "English", nl: "Nederlands", fr: "Français", de: "Deutsch" };

/** "{seat} is back" with {seat: "p2"} -> "p2 is back". */
function fill(text, args) {
  if (!args) return text;
  return text.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

/** `message` (English) in the page's language, its {names} filled from `args`. */
export function t(message, args = null) {
  const found = strings[message];
  return fill(typeof found === "string" && found ? found : message, args);
}

/** The form of `one`/`many` for `n` in the page's language ({n} and `args` filled). */
export function tn(one, many, n, args = null) {
  const form = lang === "fr" ? (n > 1 ? 1 : 0) : (n === 1 ? 0 : 1);
  const found = strings[one];
  const text = Array.isArray(found) && found[form] ? found[form] : (form ? many : one);
  return fill(text, { n, ...(args || {}) });
}

/** The page's language now. */
export function language() {
  return lang;
}

/** The language the reader chose last (kept in this browser), else the browser's, else English. */
export function chosen() {
  let kept = null;
  try { kept = localStorage.getItem(KEY); } catch { /* storage blocked: the browser's language */ }
  for (const tag of [kept, ...(navigator.languages || [navigator.language])]) {
    const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

/** An address of the server with the page's language (`?lang=`): its answers in that language. */
export function withLanguage(href) {
  const url = new URL(href);
  url.searchParams.set("lang", lang);
  return url.href;
}

/** Take the page's strings in `code` from the server; <html lang> follows. */
export async function load(base, code) {
  try {
    const response = await fetch(new URL(`api/strings?lang=${encodeURIComponent(code)}`, base).href, { cache: "no-store" });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error);
    strings = data.strings || {};
    names = data.languages || names;
    lang = data.language || code;
  } catch {
    strings = {};
    lang = "en";
  }
  document.documentElement.lang = lang;
  return lang;
}

/** More strings (a room's variant modules'). */
export function addStrings(more) {
  Object.assign(strings, more || {});
}

/** The language selector: each language in its own name; `change(code)` after the choice is
 * kept (in this browser) and its strings are loaded. */
export function selector(base, change) {
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", t("language"));
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = names[code] || code;
    select.append(option);
  }
  select.value = lang;
  select.addEventListener("change", async () => {
    const code = select.value;
    try { localStorage.setItem(KEY, code); } catch { /* not kept: this page only */ }
    await load(base, code);
    change(code);
  });
  return select;
}
