// Webhook delivery on Inngest: one function fans an announcement out into one event per
// delivery; one function per delivery drives its attempts, sleeping until each retry is due.
// Both are thin shells over lib/webhooks (the rows are the source of truth).
import { inngest } from "@/inngest/client";
import { MAX_ATTEMPTS } from "@/lib/webhooks/retry-schedule";
import { runDeliveryAttempt } from "@/lib/webhooks/run-delivery-attempt";

export const FAN_OUT_EVENT = "mailroom/webhook.fan-out";
export const DELIVERY_EVENT = "mailroom/webhook.delivery";

export const webhookFanOut = inngest.createFunction(
  { id: "webhook-fan-out", retries: 3, triggers: [{ event: FAN_OUT_EVENT }] },
  async ({ event, step }) => {
    const { deliveryIds } = event.data as { deliveryIds: string[] };
    await step.sendEvent("deliver", deliveryIds.map((deliveryId) => ({ name: DELIVERY_EVENT, data: { deliveryId } })));
    return { announced: deliveryIds.length };
  },
);

export const webhookDelivery = inngest.createFunction(
  // A step that throws (a database blip) is retried by Inngest; the attempt itself is safe to repeat.
  { id: "webhook-delivery", retries: 3, triggers: [{ event: DELIVERY_EVENT }] },
  async ({ event, step }) => {
    const { deliveryId } = event.data as { deliveryId: string };
    let last = await step.run("attempt-1", () => runDeliveryAttempt(deliveryId));
    for (let n = 2; n <= MAX_ATTEMPTS + 1 && last.next === "pending" && last.nextAttemptAt; n++) {
      await step.sleepUntil(`wait-${n}`, last.nextAttemptAt);
      last = await step.run(`attempt-${n}`, () => runDeliveryAttempt(deliveryId));
    }
    return last;
  },
);

export const webhookFunctions = [webhookFanOut, webhookDelivery];
