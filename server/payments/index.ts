import { type Config, ConfigError } from "../config";
import type { Pii } from "../services/pii";
import { createAlipayProvider } from "./alipay";
import { createDevProvider, type DevProvider } from "./dev";
import type { PaymentProvider } from "./types";

export type { PaymentProvider, PaymentRequest } from "./types";
export { amountToFen, fenToAmount } from "./types";

export interface Payments {
  provider: PaymentProvider;
  /** the local cashier, present only when PAYMENT_PROVIDER=dev */
  dev?: DevProvider;
}

/** The provider PAYMENT_PROVIDER names; Alipay without its settings stops the start. */
export function createPayments(config: Config, pii: Pii): Payments {
  if (config.PAYMENT_PROVIDER === "alipay") {
    for (const name of ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"] as const) {
      if (!config[name])
        throw new ConfigError(`Invalid configuration: ${name} is required when PAYMENT_PROVIDER=alipay`);
    }
    try {
      return {
        provider: createAlipayProvider({
          appId: config.ALIPAY_APP_ID!,
          privateKey: config.ALIPAY_PRIVATE_KEY!,
          alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
          gateway: config.ALIPAY_GATEWAY,
        }),
      };
    } catch (err) {
      throw new ConfigError(`Invalid configuration: ${(err as Error).message}`);
    }
  }
  const dev = createDevProvider(pii.derive("dev-cashier"));
  return { provider: dev, dev };
}
