/**
 * A link to the reader's own machine ("http://localhost:5000", "http://127.0.0.1:8000/app",
 * "0.0.0.0:80"): where a program the run built listens, set by that program, not a page anyone could
 * have read or cited. Introduced without a source it is a setting of the work, never an invented fact.
 * Read on a claim's normalized value (`u:` then host, port and path, as extract-claims writes it).
 */
const LOOPBACK_RE = /^u:(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|\[::1\])(?::\d{1,5})?(?![\w.-])/i;

export const isLoopbackLink = (value: string): boolean => LOOPBACK_RE.test(value);
