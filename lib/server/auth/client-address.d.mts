export declare const CLIENT_ADDRESS_HEADER: "x-culprit-client-ip";
export declare function normalizeAddress(value: unknown): string | null;
export declare function parseTrustedProxies(text: string | undefined): Set<string>;
export declare function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: ReadonlySet<string>,
): string;
export declare function stampClientAddress(
  req: import("node:http").IncomingMessage,
  trusted: ReadonlySet<string>,
): void;
export declare function clientAddressFrom(headers: Headers): string;
