/** One run an upload made (or found already stored). */
export interface UploadedRun {
  runId: string;
  url: string;
  created: boolean;
  title?: string;
  steps?: number;
  agents?: number;
}

/** Result of POST /api/runs as the upload form sees it. */
export type UploadOutcome =
  | {
      ok: true;
      runId: string;
      created: boolean;
      url: string;
      warnings: string[];
      title?: string;
      steps?: number;
      runs?: UploadedRun[];
    }
  | {
      ok: false;
      status: number;
      error: {
        code: string;
        message: string;
        location?: { line: number; column: number };
        issues?: { path: string; message: string }[];
      };
    };

/**
 * Posts the form with XMLHttpRequest rather than fetch: only XHR reports upload progress, and a
 * 50 MB upload without a progress bar looks frozen.
 */
export function sendUpload(
  form: FormData,
  onProgress: (fraction: number) => void,
  apiKey?: string,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/runs");
    if (apiKey) xhr.setRequestHeader("Authorization", `Bearer ${apiKey}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* non-JSON answer (proxy error page): reported below */
      }
      if (xhr.status < 300 && typeof body.runId === "string")
        resolve({ ok: true, ...(body as Omit<Extract<UploadOutcome, { ok: true }>, "ok">) });
      else
        resolve({
          ok: false,
          status: xhr.status,
          error: (body.error as Extract<UploadOutcome, { ok: false }>["error"]) ?? {
            code: "http_" + xhr.status,
            message: `The server answered ${xhr.status}.`,
          },
        });
    };
    xhr.onerror = () =>
      resolve({ ok: false, status: 0, error: { code: "network", message: "Could not reach the server." } });
    xhr.send(form);
  });
}
