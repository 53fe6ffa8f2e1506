/**
 * The twelve questions without options that a tester put to UK main grocery shoppers: everyday
 * questions of a grocery-app survey, from several fields (banks, apps, charities, payments, spending, reasons).
 */
export const GROCERY_SURVEY = [
  "Which bank do you use now?",
  "Which supermarket do you shop at most often?",
  "Which grocery delivery apps have you used in the last year?",
  "How much do you spend on groceries in a typical week?",
  "What stops you from ordering groceries online?",
  "Which charity did you last donate to?",
  "How many times did you order a takeaway last month?",
  "Which payment method do you use for online shopping?",
  "What is your favourite meal to cook?",
  "Would you recommend Basketful to a friend?",
  "Do you have a loyalty card?",
  "Which of these do you value most in a delivery slot?",
] as const;
