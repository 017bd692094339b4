import { requirePage } from "@/lib/server/auth/require-page";
import { config } from "@/lib/server/config";
import { UploadForm } from "@/components/upload/UploadForm";
import { IMPORT_FORMATS, FORMAT_DESCRIPTIONS } from "@/lib/importers";
import { LangfuseImport } from "@/components/upload/LangfuseImport";
import { langfuseHostShown } from "@/lib/server/langfuse/langfuse-settings";

export const metadata = { title: "Upload" };

export const dynamic = "force-dynamic";

export default async function UploadPage() {
  if (!(await requirePage("owner", "/upload"))) {
    return (
      <main className="page stack" style={{ maxWidth: 860 }}>
        <h1>Upload a trace</h1>
        <p className="alert warn" data-testid="upload-forbidden">
          Only owners may add runs; ask an owner, or for an API key.
        </p>
      </main>
    );
  }
  const maxMb = config().CULPRIT_MAX_UPLOAD_MB;
  return (
    <main className="page stack" style={{ maxWidth: 860 }}>
      <h1>Upload a trace</h1>
      <p className="muted" style={{ margin: 0 }}>
        Drop a file, pick one, or paste JSON, a chat AutoGen printed to a terminal, or a ChatDev <code>.log</code>. The
        format is detected; you can force it. Up to {maxMb} MB.
      </p>
      <UploadForm formats={IMPORT_FORMATS.map((f) => ({ id: f, description: FORMAT_DESCRIPTIONS[f] }))} />
      <LangfuseImport host={langfuseHostShown()} />
    </main>
  );
}
