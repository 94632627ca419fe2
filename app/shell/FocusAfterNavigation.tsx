import { useLocation } from "react-router";
import { useEffect, useRef } from "react";

/**
 * After a client-side navigation that removed the focused element (the link or button that started it), the
 * browser drops the focus to <body> and the next Tab continues from wherever that element used to be — often
 * the middle of the new page. A document load would start from the top instead. So, when the focus was lost,
 * move it to the page's content (`#main`, not in the Tab order), as a skip link would: the next Tab reaches the
 * page's first control and screen readers start reading the new page. A dialog that takes the focus itself
 * (its focus trap) or a field that focuses itself (search) keep it: the focus is not lost then.
 */
export function FocusAfterNavigation() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [location.key]);
  return null;
}
