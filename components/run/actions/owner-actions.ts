import type { ComponentType } from "react";
import { DeleteButton } from "./DeleteButton";
import { RerunButton } from "./RerunButton";
import { ShareMenu } from "./ShareMenu";
import type { RunActionProps } from "./types";

/**
 * The owner's header actions, in order, after "Copy link" and before "Export". A new action is one
 * small component taking RunActionProps and one line here (e.g. "Try this fix", "Write back to
 * Langfuse"); the server action it calls checks the caller's role itself.
 */
export const OWNER_ACTIONS: { key: string; Action: ComponentType<RunActionProps> }[] = [
  { key: "share", Action: ShareMenu },
  { key: "rerun", Action: RerunButton },
];

/** Owner actions shown after "Export" (the destructive one last). */
export const OWNER_TRAILING_ACTIONS: { key: string; Action: ComponentType<RunActionProps> }[] = [
  { key: "delete", Action: DeleteButton },
];
