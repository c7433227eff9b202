import { z } from "zod";

// Error bodies of spec section 7.

export const ParameterErrorSchema = z.object({ code: z.string(), message: z.string(), param: z.string() });
export type ParameterError = z.infer<typeof ParameterErrorSchema>;

export const ActionErrorSchema = z.object({ code: z.string(), message: z.string(), action: z.string() });
export type ActionError = z.infer<typeof ActionErrorSchema>;

export const MessageErrorSchema = z.object({ message: z.string() });

export const BadRequestErrorSchema = z.object({
  message: z.union([z.string(), z.object({ code: z.string(), message: z.string() })]),
});

/** `{errors: {field: [messages]}}`: field paths use dots for nested properties. */
export const FieldErrorsSchema = z.object({ errors: z.record(z.string(), z.array(z.string())) });

export const ValidationErrorSchema = z.union([
  FieldErrorsSchema,
  z.object({
    message: z.union([z.string(), ParameterErrorSchema, z.array(ParameterErrorSchema), ActionErrorSchema, z.array(ActionErrorSchema)]),
  }),
]);
export type ValidationErrorBody = z.infer<typeof ValidationErrorSchema>;

/** RFC 6749 section 5.2 error body of the token endpoint. */
export const OAuthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
