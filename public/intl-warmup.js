// Warms ICU's process-wide data off the main thread (src/lib/pages/inline-scripts.ts, INTL_WARMUP_SCRIPT).
try {
  const locale = self.name || undefined;
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(0);
  new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(0);
} catch {}
self.close();
