/**
 * spec §2: the mobile layout applies under 840 px or on a mobile device. The first HTML is chosen from the
 * request (the Sec-CH-UA-Mobile client hint, else the user-agent); CSS then corrects by width (ADR 010).
 */
const MOBILE_UA = /Mobi|Android|iPhone|iPod|iPad|Windows Phone|Opera Mini|IEMobile|webOS|BlackBerry/i;

export type Device = "mobile" | "desktop";

export function deviceOf(request: Request): Device {
  // an explicit "?1" wins; "?0" is not trusted on its own because emulators and some browsers send it
  // together with a mobile user-agent
  if (request.headers.get("sec-ch-ua-mobile") === "?1") return "mobile";
  return MOBILE_UA.test(request.headers.get("user-agent") ?? "") ? "mobile" : "desktop";
}

/** Response headers of a page whose HTML depends on the device. */
export const DEVICE_VARY_HEADERS = { Vary: "User-Agent, Sec-CH-UA-Mobile", "Accept-CH": "Sec-CH-UA-Mobile" } as const;
