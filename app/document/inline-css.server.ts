// The built stylesheet as text (Vite's `?inline`), for the server only: the client bundle never carries it.
import css from "~/styles.css?inline";

export const inlineCss: string = css;
