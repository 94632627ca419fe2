/** Russian texts: brand-wide popups (cookie consent, storage migration, navigation progress). */
export default {
  consentText: "Мы используем файлы cookie, чтобы сайт работал и чтобы понимать, как им пользуются.",
  consentAccept: "Принять",
  consentLabel: "Согласие на использование cookie",
  migrated: "Мы перенесли вашу корзину и адрес из прошлой версии сайта.",
  migratedDropped_one: "Мы перенесли ваши данные из прошлой версии сайта; {{count}} значение больше недоступно и убрано.",
  migratedDropped_few: "Мы перенесли ваши данные из прошлой версии сайта; {{count}} значения больше недоступны и убраны.",
  migratedDropped_many: "Мы перенесли ваши данные из прошлой версии сайта; {{count}} значений больше недоступны и убраны.",
  migratedDropped_other: "Мы перенесли ваши данные из прошлой версии сайта; {{count}} значения больше недоступны и убраны.",
  dismiss: "Понятно",
  navigating: "Загрузка страницы",
} as const;
