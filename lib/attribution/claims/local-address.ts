/**
 * A link to the reader's own machine ("http://localhost:5000", "http://127.0.0.1:8000/app",
 * "0.0.0.0:80"): where a program the run built listens, set by that program, not a page anyone could
 * have read or cited. Introduced without a source it is a setting of the work, never an invented fact.
 * Read on a claim's normalized value (`u:` then host, port and path, as extract-claims writes it).
 */
import { sentenceStart } from "./sentence-around";

const LOOPBACK_RE = /^u:(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|\[::1\])(?::\d{1,5})?(?![\w.-])/i;

export const isLoopbackLink = (value: string): boolean => LOOPBACK_RE.test(value);

/**
 * A link to a site's front door or one of its sections, named as where to download or install
 * software ("You can download Python from the official website: https://www.python.org/downloads/"):
 * a setup step written from common knowledge, as a manual writes it, not a page cited as the source
 * of a fact. A cited page has a path to it (an article, a record, an id), and a made-up one is still
 * an invented source; a site named as where to look something up ("Go to the archive's search page")
 * is a plan's claim about where the facts are, and stays one. Read on the normalized value (host,
 * then at most one path segment that holds no digit, no query) and the link's sentence up to it.
 */
const SITE_ENTRANCE_RE = /^u:[a-z0-9.-]+\.[a-z]{2,}(?::\d{1,5})?(?:\/[a-z_-]*\/?)?$/i;
/** Setup words: the link's sentence tells the reader where to get software. */
const SETUP_RE = /\b(?:download|install)/i;
/** How far back from a link its sentence is read for setup words. */
const SETUP_SPAN = 160;

export function isSetupLink(value: string, text: string, start: number): boolean {
  return SITE_ENTRANCE_RE.test(value) && SETUP_RE.test(text.slice(sentenceStart(text, start, SETUP_SPAN), start));
}

/**
 * A link a text writes as a template for the reader to fill ("https://github.com/your-username/app",
 * "git clone https://host/{user}/repo.git"): a placeholder segment says no page is meant, so there is
 * no source to have invented. Read on the normalized value, segment by segment.
 */
const PLACEHOLDER_SEGMENT_RE =
  /^(?:your(?:[-_][a-z]+)+|your(?:user)?(?:name|repo|repository|project|domain|org|organization|account|app|site|company)|username|user[-_]name|\{[^/]*\})$/i;

export function isTemplateLink(value: string): boolean {
  if (!value.startsWith("u:")) return false;
  const [host, ...path] = value.slice(2).split(/[/?#]/);
  return [...host.split("."), ...path].some((segment) => PLACEHOLDER_SEGMENT_RE.test(segment.replace(/\.git$/, "")));
}
