"use server";
import { defineAction } from "./define-action";
import { IMPORT_OPTIONS, importHandler, WRITE_BACK_OPTIONS, writeBackHandler } from "./langfuse-handlers";

/** "Import from Langfuse by trace id" on the upload page (owners; at most 10 ids a time). */
export const importFromLangfuseAction = defineAction(IMPORT_OPTIONS, importHandler);

/** The run page's "Write verdict to Langfuse" (owners). */
export const writeBackToLangfuseAction = defineAction(WRITE_BACK_OPTIONS, writeBackHandler);
