import pino from "pino";

/**
 * JSON logs. Personal data (phones, ID numbers, names, IPs) is never passed to the logger;
 * the redact list is a second line of defence for fields that might slip into an error object.
 */
export function createLogger(level = "info") {
  return pino({
    level,
    base: { service: "dianshang-news" },
    redact: {
      paths: [
        "*.idCardNumber",
        "*.contact",
        "*.contactPhone",
        "*.phone",
        "*.password",
        "req.headers.cookie",
        "req.headers.authorization",
      ],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
