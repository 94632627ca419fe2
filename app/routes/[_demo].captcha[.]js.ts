import { demoCaptchaScript } from "~/features/auth/captcha-stand-in.server";

/** Demo only (ADR 095): the captcha provider's script stand-in; 404 outside demo mode. */
export function loader() {
  return demoCaptchaScript();
}
