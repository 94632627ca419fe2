import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/restos";

/** English texts: restaurants and terms of sale. */
const en: Widen<typeof ru> = {
  title: "Restaurants",
  detail: "About the restaurant",
  address: "Address",
  averageCheck: "Average bill",
  description: "Description",
  phones: "Phones",
  emails: "E-mail",
  links: "Links",
  tags: "Features",
  pays: "Payment methods",
  photos: "Photos",
  hours: "Opening hours",
  today: "today",
  states: { open: "Open", closed: "Closed", "day-off": "Day off", "round-the-clock": "Open 24 hours" },
  opensToday: "Opens at {{time}}",
  opensTomorrow: "Opens tomorrow at {{time}}",
  opensOn: "Opens {{day}} at {{time}}",
  timezone: "Local time, UTC{{tz}}",
  noSchedule: "Opening hours not given",
  empty: "No restaurants are linked",
  more: "Details",
  allRestos: "All restaurants",
  days: {
    MONDAY: "Monday",
    TUESDAY: "Tuesday",
    WEDNESDAY: "Wednesday",
    THURSDAY: "Thursday",
    FRIDAY: "Friday",
    SATURDAY: "Saturday",
    SUNDAY: "Sunday",
  },
  seoDescription: "Addresses, phones and opening hours of {{brand}} restaurants.",
  termsSeoDescription: "How card payments are protected at {{brand}}.",
};

export default en;
