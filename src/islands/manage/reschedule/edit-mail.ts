/**
 * Spec 2 §7: after an edit is checked out, the client posts ticket_order/{id}/email with
 * `log_context` order_update. Best effort: the change is saved whatever the mail call answers.
 * Loaded on demand by the checkout island (it ships only where an edit is paid).
 */
import { manageCalls } from "../manage-calls.ts";

export async function mailOrderUpdate(seller: string, orderId: string, token: string): Promise<void> {
  try {
    await (await manageCalls(seller)).mailOrder(orderId, token, "order_update");
  } catch (error) {
    console.info("edit: order_update mail not sent", error instanceof Error ? error.name : typeof error);
  }
}
