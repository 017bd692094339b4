"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { sendUpload, type UploadedRun, type UploadOutcome } from "./upload-request";

type Failure = Extract<UploadOutcome, { ok: false }>;
/** The start of an uploaded file read for error messages (line count, top-level keys). */
const ERROR_TEXT_BYTES = 2 * 1024 * 1024;

/**
 * Sends the upload. One new run: go to it. Several runs, or a file already imported: stay and list
 * what the upload made (so nothing lands silently on an old run or an unfiltered list).
 */
export function useUpload() {
  const router = useRouter();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [failedText, setFailedText] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<UploadedRun[] | null>(null);
  const [needsKey, setNeedsKey] = useState(false);

  async function submit(input: { file: File | null; text: string; format: string; apiKey: string }) {
    const form = new FormData();
    if (input.file) form.set("file", input.file);
    else form.set("text", input.text);
    form.set("format", input.format);
    setFailure(null);
    setResult(null);
    setProgress(0);
    const outcome = await sendUpload(form, setProgress, input.apiKey || undefined);
    if (outcome.ok) {
      const runs: UploadedRun[] = outcome.runs ?? [
        {
          runId: outcome.runId,
          url: outcome.url,
          created: outcome.created,
          title: outcome.title,
          steps: outcome.steps,
        },
      ];
      if (runs.length === 1 && runs[0].created) {
        setProgress(1);
        router.push(runs[0].url);
        return;
      }
      setProgress(null);
      setResult(runs);
      return;
    }
    setProgress(null);
    if (outcome.status === 401) setNeedsKey(true);
    setFailedText(
      input.file ? (input.file.size <= ERROR_TEXT_BYTES ? await input.file.text() : undefined) : input.text,
    );
    setFailure(outcome);
  }
  return { submit, progress, failure, failedText, result, needsKey };
}
