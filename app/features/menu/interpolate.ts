/** Server-side messages: fills i18next-style {{placeholders}} of a message from the locale files. */
export function interpolate(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}
