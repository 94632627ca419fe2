/** The honeypot with this server's session secrets (server/honeypot.ts), for loaders and actions. */
import { getContext } from "./context";
import { checkHoneypot, honeypotProps, type HoneypotProps } from "./honeypot";
import { log } from "./log";

export function honeypotFor(): HoneypotProps {
  return honeypotProps(getContext().config.sessionSecrets);
}

/** false (and a warn line naming the form, never its values) when the submission fell into the trap */
export function isHumanSubmission(form: FormData, formName: string): boolean {
  const verdict = checkHoneypot(form, getContext().config.sessionSecrets);
  if (!verdict.ok) log("warn", "honeypot refused a submission", { form: formName, reason: verdict.reason });
  return verdict.ok;
}
