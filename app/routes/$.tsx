import { redirect } from "react-router";

/** spec §2 error.not-found.index: any unknown path redirects to home. */
export function loader() {
  return redirect("/", 302);
}

export function action() {
  return redirect("/", 303);
}
