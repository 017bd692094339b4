const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Normalizes an OTLP trace/span id to lowercase hex. The spec says hex, but protobuf
 * `MessageToJson` writes base64 (AgentPrism's files) and the proto example uses uppercase hex.
 * `expectedBytes` (16 for trace ids, 8 for span ids) disambiguates strings valid in both.
 * Returns `undefined` for empty and all-zero ids (both mean "none").
 */
export function normalizeOtlpId(id: unknown, expectedBytes: 8 | 16): string | undefined {
  if (typeof id !== "string" || id === "") return undefined;
  if (id.length === expectedBytes * 2) {
    const lowerHex = lowerHexState(id);
    if (lowerHex === ALL_ZERO) return undefined;
    if (lowerHex === LOWER_HEX) return id; // the common case: already canonical, no regex or copy
  }
  let hex: string | undefined;
  if (id.length === expectedBytes * 2 && HEX.test(id)) hex = id.toLowerCase();
  else if (BASE64.test(id) && base64Length(id) === expectedBytes) hex = base64ToHex(id);
  else if (HEX.test(id) && id.length % 2 === 0) hex = id.toLowerCase();
  else if (BASE64.test(id)) hex = base64ToHex(id);
  else hex = id; // not an id encoding we know: keep it verbatim rather than lose the link
  return /^0+$/.test(hex) ? undefined : hex;
}

const ALL_ZERO = 0;
const LOWER_HEX = 1;
const OTHER = 2;

/** Whether `id` is all lowercase hex digits, and if so whether every one is "0". */
function lowerHexState(id: string): number {
  let zero = true;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c === 48) continue;
    if (!((c > 48 && c <= 57) || (c >= 97 && c <= 102))) return OTHER;
    zero = false;
  }
  return zero ? ALL_ZERO : LOWER_HEX;
}

function base64Length(s: string): number {
  const pad = s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0;
  return Math.floor((s.length * 3) / 4) - pad;
}

const B64 = new Int16Array(128).fill(-1);
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
  .split("")
  .forEach((c, i) => (B64[c.charCodeAt(0)] = i));
B64["-".charCodeAt(0)] = 62;
B64["_".charCodeAt(0)] = 63;
const HEX_DIGITS = "0123456789abcdef";

function base64ToHex(s: string): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const v = B64[s.charCodeAt(i)];
    if (v < 0) break; // padding
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const byte = (buffer >> bits) & 0xff;
      out += HEX_DIGITS[byte >> 4] + HEX_DIGITS[byte & 15];
    }
  }
  return out;
}
