import { inject } from "vitest";

// Point every server module at the test database before any of them reads DATABASE_URL.
process.env.DATABASE_URL = inject("databaseUrl");
