/** The back office's figures: the day (today.ts) and sales over a period (sales.ts). */

export {
  type SalesCsvInput,
  type SalesFigures,
  type SalesFiguresInput,
  salesCsv,
  salesCsvInput,
  salesFigures,
  salesFiguresInput,
} from "./sales.ts";
export { type TodayFigures, type TodayFiguresInput, todayFigures, todayFiguresInput } from "./today.ts";
