import type { Category } from "#server/modules/catalog/types.ts";

/** One line about each category (category pages, home tiles). */
export const CATEGORY_INTROS: Record<Category, string> = {
  "t-shirts": "Soft cotton tees in many colours and fits, printed with original artwork.",
  hoodies: "Warm fleece-lined hoodies and sweatshirts with designs you will not see everywhere.",
  mugs: "Ceramic mugs printed all the way round, dishwasher safe.",
  posters: "Art prints on thick matte or gloss paper, ready to frame.",
  stickers: "Die-cut vinyl stickers, weather resistant, for laptops, bottles and more.",
  "tote-bags": "Sturdy cotton tote bags for every day.",
  "phone-cases": "Slim and tough cases for popular phones.",
};
