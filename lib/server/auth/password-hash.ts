import "server-only";
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing for Better Auth (`emailAndPassword.password`), on node:crypto's scrypt, which runs
 * on the libuv thread pool: the web server's event loop never computes a hash (security review
 * H-1; a bundled build could otherwise pick Better Auth's pure-JS scrypt). Same parameters and
 * `salt:key` hex format as Better Auth's own, so stored hashes stay valid both ways.
 */
const N = 16384;
const R = 16;
const P = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 256 * N * R }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await derive(password, salt)).toString("hex")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key || !/^[0-9a-f]+$/i.test(key)) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
