/** spec §5 form validation texts, verbatim where the spec quotes them (placeholders as {{0}}). Keys: `V` in app/lib/validation.ts. */
const validation = {
  phone: { required: "Введите номер телефона", invalid: "Укажите корректный номер" },
  smsCode: { required: "Введите код из СМС", tooShort: "Слишком короткий SMS-код" },
  email: {
    required: "Введите email",
    invalid: "Укажите корректный email",
    receiptRequired: "Укажите email для получения чека",
  },
  name: { required: "Введите ваше имя", tooLong: "Имя не должно превышать 50 символов" },
  comment: { tooLong: "Комментарий не должен превышать 100 символов" },
  field: { required: "Обязательное поле" },
  generic: {
    required: "Это поле обязательно",
    email: "Пожалуйста, введите действительный email",
    maxLength: "не более {{0}} символов",
    minLength: "не менее {{0}} символов",
    pattern: "Недопустимый формат",
    atLeastOne: "выберите хотя бы одно значение",
    digits: "только цифры",
    integer: "только целые числа",
    capitals: "только заглавные буквы",
    exactLength: "ровно {{0}} символов",
    excludedCharacter: "недопустимый символ {{0}}",
  },
  address: {
    chooseOrPoint: "Выберите адрес из списка или укажите точку на карте",
    required: "Укажите адрес доставки",
    outsideZone: "Адрес не входит в зону доставки",
    notFound: "Адрес не найден",
  },
  takeaway: { required: "Выберите точку самовывоза", noneAvailable: "Нет доступных пунктов самовывоза" },
} as const;

export default validation;
