import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/validation";

const validation: Widen<typeof ru> = {
  phone: { required: "Enter your phone number", invalid: "Enter a valid number" },
  smsCode: { required: "Enter the code from the SMS", tooShort: "The SMS code is too short" },
  email: {
    required: "Enter your email",
    invalid: "Enter a valid email",
    receiptRequired: "Enter an email to receive the receipt",
  },
  name: { required: "Enter your name", tooLong: "The name must not exceed 50 characters" },
  comment: { tooLong: "The comment must not exceed 100 characters" },
  field: { required: "Required field" },
  generic: {
    required: "This field is required",
    email: "Please enter a valid email",
    maxLength: "at most {{0}} characters",
    minLength: "at least {{0}} characters",
    pattern: "Invalid format",
    atLeastOne: "choose at least one value",
    digits: "digits only",
    integer: "integers only",
    capitals: "capital letters only",
    exactLength: "exactly {{0}} characters",
    excludedCharacter: "character {{0}} is not allowed",
  },
  address: {
    chooseOrPoint: "Choose an address from the list or set a point on the map",
    required: "Enter the delivery address",
    outsideZone: "The address is outside the delivery area",
    notFound: "Address not found",
  },
  takeaway: { required: "Choose a pickup point", noneAvailable: "No pickup points available" },
};

export default validation;
