/**
 * Surveys from a ticket group's additional_info_spec (spec §3 "Survey spec", §5 "Survey"):
 * properties (type integer or string, format email or date, enum, title, description, minimum,
 * maximum, propertyOrder) and a required list. Empty-string answers are dropped, number answers
 * converted; minimum and maximum go to the inputs; a question with no type is an error. An answer
 * to an e-mail question must be an e-mail address (surveyEmail), in the form and on the server
 * alike: a gift card's recipient e-mail is where the card is sent.
 */
import { z } from "zod";

const property = z.object({
  type: z.enum(["integer", "number", "string"]).optional(),
  format: z.enum(["email", "date"]).optional(),
  enum: z.array(z.union([z.string(), z.number()])).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  propertyOrder: z.number().optional(),
});

const surveySpec = z.object({
  properties: z.record(z.string(), property).default({}),
  required: z.array(z.string()).default([]),
});

export interface SurveyQuestion {
  key: string;
  type: "integer" | "number" | "string";
  format: "email" | "date" | undefined;
  options: string[] | undefined;
  title: string;
  description: string | undefined;
  minimum: number | undefined;
  maximum: number | undefined;
  required: boolean;
}

export interface Survey {
  questions: SurveyQuestion[];
  /** Keys of questions that could not be used (no type). */
  errors: string[];
}

/** The questions in propertyOrder (then key order); an unusable spec gives no questions. */
export function surveyQuestions(spec: unknown): Survey {
  if (spec === null || spec === undefined) return { questions: [], errors: [] };
  const parsed = surveySpec.safeParse(spec);
  if (!parsed.success) return { questions: [], errors: ["additional_info_spec"] };
  const required = new Set(parsed.data.required);
  const errors: string[] = [];
  const questions: (SurveyQuestion & { order: number })[] = [];
  for (const [key, p] of Object.entries(parsed.data.properties)) {
    if (!p.type) {
      errors.push(key);
      continue;
    }
    questions.push({
      key,
      type: p.type,
      format: p.format,
      options: p.enum?.map(String),
      title: p.title?.trim() || key,
      description: p.description,
      minimum: p.minimum,
      maximum: p.maximum,
      required: required.has(key),
      order: p.propertyOrder ?? Number.MAX_SAFE_INTEGER,
    });
  }
  questions.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
  return { questions: questions.map(({ order: _order, ...q }) => q), errors };
}

/** An answer to a `format: email` question: an e-mail address, at most 254 characters. */
export const surveyEmail = z.email().max(254);

export type SurveyAnswerError = "required" | "notNumber" | "belowMinimum" | "aboveMaximum" | "notEmail";

/** The e-mail questions whose answer is not an e-mail address (the server's check of stored answers). */
export function badEmailAnswers(questions: readonly SurveyQuestion[], answers: unknown): string[] {
  if (typeof answers !== "object" || answers === null) return [];
  return questions.flatMap((q) => {
    if (q.format !== "email" || !Object.hasOwn(answers, q.key)) return [];
    const value: unknown = (answers as Record<string, unknown>)[q.key];
    if (value === null || value === undefined || (typeof value === "string" && value.trim() === ""))
      return [];
    return typeof value === "string" && surveyEmail.safeParse(value.trim()).success ? [] : [q.key];
  });
}

/**
 * The answers to send (empty strings dropped, numbers converted) and the errors per key.
 */
export function surveyAnswers(
  questions: readonly SurveyQuestion[],
  raw: Readonly<Record<string, string>>,
): { answers: Record<string, string | number>; errors: Record<string, SurveyAnswerError> } {
  const answers: Record<string, string | number> = {};
  const errors: Record<string, SurveyAnswerError> = {};
  for (const q of questions) {
    const value = (raw[q.key] ?? "").trim();
    if (value === "") {
      if (q.required) errors[q.key] = "required";
      continue;
    }
    if (q.type === "string") {
      if (q.format === "email" && !surveyEmail.safeParse(value).success) errors[q.key] = "notEmail";
      else answers[q.key] = value;
      continue;
    }
    const n = Number(value);
    if (!Number.isFinite(n) || (q.type === "integer" && !Number.isInteger(n))) {
      errors[q.key] = "notNumber";
      continue;
    }
    if (q.minimum !== undefined && n < q.minimum) errors[q.key] = "belowMinimum";
    else if (q.maximum !== undefined && n > q.maximum) errors[q.key] = "aboveMaximum";
    else answers[q.key] = n;
  }
  return { answers, errors };
}
