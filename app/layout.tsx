import type { Metadata } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { AppHeader } from "@/components/layout/AppHeader";
import { QueryProvider } from "@/components/layout/QueryProvider";
import "./globals.css";
import "@/components/theme/colours.css";

export const metadata: Metadata = {
  title: { default: "Culprit", template: "%s · Culprit" },
  description: "Find which agent really caused a failed multi-agent LLM run.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: Next stamps the proxy's CSP nonce (proxy.ts) on its scripts only
  // in dynamic rendering, and every page here shows database state anyway.
  await headers();
  return (
    <html lang="en">
      <body>
        <QueryProvider>
          <AppHeader />
          {children}
        </QueryProvider>
      </body>
    </html>
  );
}
