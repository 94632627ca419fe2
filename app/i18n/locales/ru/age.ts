/** Russian texts: the 18+ confirmation (spec §1, §2 age confirmation dialog). */
export default {
  title: "Вам уже есть 18 лет?",
  text: "В этом разделе — алкогольные напитки. Подтвердите, что вам исполнилось 18 лет.",
  confirm: "Да, мне есть 18",
  locked: "Раздел 18+",
  lockedText: "Позиции раздела покажем после подтверждения возраста.",
  ask: "Подтвердить возраст",
} as const;
