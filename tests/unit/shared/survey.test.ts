import { describe, expect, it } from "vitest";
import { badEmailAnswers, surveyAnswers, surveyQuestions } from "../../../src/lib/domain/survey.ts";

const spec = {
  properties: {
    heard_from: { type: "string", title: "How did you hear?", enum: ["A friend", "Other"], propertyOrder: 2 },
    access_needs: { type: "string", title: "Access needs", propertyOrder: 1 },
    age: { type: "integer", title: "Age", minimum: 3, maximum: 120, propertyOrder: 3 },
    broken: { title: "No type" },
  },
  required: ["heard_from"],
};

describe("surveys (spec §3 'Survey spec', §5 'Survey')", () => {
  it("questions in propertyOrder; required from the spec's list; a question with no type is an error", () => {
    const { questions, errors } = surveyQuestions(spec);
    expect(questions.map((q) => q.key)).toEqual(["access_needs", "heard_from", "age"]);
    expect(questions.find((q) => q.key === "heard_from")?.required).toBe(true);
    expect(questions.find((q) => q.key === "heard_from")?.options).toEqual(["A friend", "Other"]);
    expect(questions.find((q) => q.key === "age")).toMatchObject({ minimum: 3, maximum: 120 });
    expect(errors).toEqual(["broken"]);
    expect(surveyQuestions(null)).toEqual({ questions: [], errors: [] });
  });
  it("empty-string answers dropped; number answers converted; required enforced", () => {
    const { questions } = surveyQuestions(spec);
    expect(surveyAnswers(questions, { access_needs: "  ", heard_from: "Other", age: "42" })).toEqual({
      answers: { heard_from: "Other", age: 42 },
      errors: {},
    });
    expect(surveyAnswers(questions, { age: "2" }).errors).toEqual({
      heard_from: "required",
      age: "belowMinimum",
    });
    expect(surveyAnswers(questions, { heard_from: "x", age: "4.5" }).errors).toEqual({ age: "notNumber" });
  });
});

describe("'The recipient's e-mail is validated: not-an-email and bob@ are accepted today'", () => {
  const { questions } = surveyQuestions({
    properties: {
      recipient_name: { type: "string", title: "Name" },
      recipient_email: { type: "string", format: "email", title: "E-mail" },
    },
    required: ["recipient_name", "recipient_email"],
  });
  it.each(["not-an-email", "bob@", "ann@", "@example.test"])(
    "%j is not an e-mail (notEmail, not sent)",
    (email) => {
      const result = surveyAnswers(questions, { recipient_name: "Ann", recipient_email: email });
      expect(result.errors).toEqual({ recipient_email: "notEmail" });
      expect(result.answers).toEqual({ recipient_name: "Ann" });
    },
  );
  it("a real address is sent, trimmed; the server finds no bad answer in it", () => {
    const result = surveyAnswers(questions, { recipient_name: "Ann", recipient_email: " ann@example.test " });
    expect(result).toEqual({
      answers: { recipient_name: "Ann", recipient_email: "ann@example.test" },
      errors: {},
    });
    expect(badEmailAnswers(questions, result.answers)).toEqual([]);
  });
  it("the server's check names each bad e-mail answer, and ignores an empty one", () => {
    expect(badEmailAnswers(questions, { recipient_email: "bob@" })).toEqual(["recipient_email"]);
    expect(badEmailAnswers(questions, { recipient_email: 42 })).toEqual(["recipient_email"]);
    expect(badEmailAnswers(questions, { recipient_email: "" })).toEqual([]);
    expect(badEmailAnswers(questions, null)).toEqual([]);
  });
});
