/**
 * What the message vault offers other features (issue 42: a feature reaches another only through
 * its index.ts): the owner's delivery choices as the server lists them and their binding to the
 * trustee kits (delivery-choice.ts), the sealed choices on this device (sealed-choice.ts), and the
 * words of each way of delivery (delivery-words.ts). Re-exports only: the Message Vault screen
 * itself is MessageVaultPage.tsx, which only the router (web/app/router.tsx) loads, lazily.
 */
export { loadDeliveryState, syncDeliveryChoices, type DeliveryState } from './delivery-choice';
export { DELIVERY_WORDS } from './delivery-words';
export { sealedChoicesOf } from './sealed-choice';
