/**
 * The API error body: {"_data": [{"_code", "_context", "_description", "_extra"}]}.
 * Every error the API sends goes through ApiError so the shape is the same everywhere.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface ApiErrorItem {
  _code: string;
  _context: string;
  _description: string;
  _extra: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly items: ApiErrorItem[];

  constructor(
    status: ContentfulStatusCode,
    code: string,
    description: string,
    options: { context?: string; extra?: Record<string, unknown> } = {},
  ) {
    super(description);
    this.status = status;
    this.items = [
      {
        _code: code,
        _context: options.context ?? "",
        _description: description,
        _extra: options.extra ?? {},
      },
    ];
  }

  body(): { _data: ApiErrorItem[] } {
    return { _data: this.items };
  }
}

export const notFound = (type: string, id?: string) =>
  new ApiError(404, "not_found", `Resource ${type} not found.`, { extra: id ? { id } : {} });

export const validationFailed = (description: string, extra: Record<string, unknown> = {}, context = "") =>
  new ApiError(400, "validation_failed", description, { context, extra });
