/** Installing the storefront and reading it offline (issue 18 §3). */
const pwa = {
  offlineTitle: "Нет соединения",
  offlineText: "Проверьте подключение к интернету. Меню и заказ станут доступны, когда связь вернётся.",
  retry: "Обновить",
  staleMenu: "Это меню сохранено, когда вы были онлайн: цены могут быть неактуальны. Заказать можно, когда связь вернётся.",
  savedAt: "Сохранено {{time}}",
  noMenu: "Сохранённого меню нет.",
} as const;

export default pwa;
