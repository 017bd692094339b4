import "server-only";
import { config } from "./config";

/** The database every server module uses. scripts/start.mjs sets it to the embedded Postgres. */
export function databaseUrl(): string {
  const url = config().DATABASE_URL;
  if (!url)
    throw new Error("DATABASE_URL is not set: start the app with `npm start`, which starts the embedded database");
  return url;
}
