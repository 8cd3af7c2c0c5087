/**
 * Default texts of the mails (order confirmation, its ticket blocks, the manage mails, gift cards,
 * gifts of membership, membership renewals and the account mails). English byte for byte as the mails
 * said before they had a language, so the spec's texts hold; translations in locales/<lang>/mail.json.
 * The ticket blocks' labels are the tickets page's (strings-tickets.ts).
 */
export const mailStrings = {
  "mail.greeting": "Hello,",
  "mail.greeting.named": "Hi {name},",

  "mail.order.subject": "Your order {number} with {seller}",
  "mail.order.refundSubject": "Refund for your order {number} with {seller}",
  "mail.order.thanks": "Thank you for your order. Your order number is {number}.",
  "mail.order.tickets": "Your tickets",
  "mail.order.total": "Total",
  "mail.order.showQr": "Show the QR codes of your tickets at the entrance.",
  "mail.order.manage": "Manage your booking",
  "mail.order.ticketsPage": "View and print your tickets",
  "mail.order.moreQr": "the QR codes of {count} more tickets are there",
  "mail.order.calendar": "The calendar file attached adds your visit to your calendar.",
  "mail.order.dateAt": "{date} at {time}",
  "mail.order.message": "Message",
  "mail.order.giftFor": "For {name}",
  "mail.order.giftForEmail": "For {name} ({email})",
  "mail.order.giftSentTo": "The gift card number is e-mailed to {email}.",
  "mail.order.giftSentToYou": "The gift card number is e-mailed to you.",
  "mail.order.schedule": "Your payment schedule",
  "mail.order.scheduleSummary": "Paid so far: {paid}. Still to pay: {outstanding}.",
  "mail.order.ticketState": "State",
  "mail.order.qrOnPage": "The QR code of this ticket is on your tickets page.",

  "mail.manage.notice.manage_link": "Here is the link to manage your booking, as you asked.",
  "mail.manage.notice.order_update": "Your booking has been changed.",
  "mail.manage.notice.order_cancel": "Your booking has been cancelled.",
  "mail.manage.notice.order_refund": "Your booking has been refunded.",

  "mail.giftCard.subject": "{from} has sent you a {balance} {seller} gift card",
  "mail.giftCard.someone": "Someone",
  "mail.giftCard.sent": "{from} has sent you a {seller} gift card worth {balance}.",
  "mail.giftCard.messageFrom": "Message from {from}:",
  "mail.giftCard.number": "Gift card number",
  "mail.giftCard.balance": "Balance",
  "mail.giftCard.spend": "To pay with it, enter the number at checkout under 'Gift card':",

  "mail.giftMembership.subject": "{buyer} has given you a {seller} membership",
  "mail.giftMembership.gave": "{buyer} has given you {article} {level} membership at {seller}.",
  "mail.giftMembership.redeem": "Redeem it by {until} with your gift code:",
  "mail.giftMembership.choose": "Choose your membership and fill in the member details here:",

  "mail.renewal.membership": "membership",
  "mail.renewal.levelMembership": "{level} membership",
  "mail.renewal.renewed.subject": "Your {membership} has been renewed",
  "mail.renewal.renewed.body":
    "Your {membership} has been renewed automatically. It is now valid until {until}.",
  "mail.renewal.renewed.memberIds": "Member ID: {ids}. Your member ID stays the same.",
  "mail.renewal.renewed.charged": "We charged {amount}. Your order number is {number}.",
  "mail.renewal.renewed.chargedCard": "We charged {amount} to your {card}. Your order number is {number}.",
  "mail.renewal.renewed.cancel": "You can cancel automatic renewal at any time from your account.",
  "mail.renewal.failed.subject": "We could not renew your {membership}",
  "mail.renewal.failed.body":
    "We tried to renew your {membership} automatically, but your card was declined. You have not been charged.",
  "mail.renewal.failed.bodyCard":
    "We tried to renew your {membership} automatically, but your {card} was declined. You have not been charged.",
  "mail.renewal.failed.ended":
    "Your membership (member ID {ids}) ended on {ended} and is no longer enrolled in automatic renewal.",
  "mail.renewal.failed.renew": "To keep your membership, please renew it on our website.",

  "mail.passcode.subject": "Your login code for {seller}: {code}",
  "mail.passcode.body": "Your login code is {code}. It can be used once, within {minutes} minutes.",
  "mail.passcode.link": "Or open this link in the browser where you asked for the code:",
  "mail.passcode.ignore": "If you did not ask for this code, you can ignore this email.",
  "mail.changeCode.subject": "Your confirmation code for {seller}: {code}",
  "mail.changeCode.body":
    "Your code to confirm a change to your account is {code}. It can be used once, within {minutes} minutes.",
  "mail.changeCode.warning":
    "If you did not ask for this code, someone may be using your account: reset your password, and do not share this code.",
  "mail.emailChanged.subject": "The email address of your {seller} account was changed",
  "mail.emailChanged.body": "The email address of your account was changed to {email}.",
  "mail.emailChanged.undo":
    "If you did not make this change, undo it here within {days} days. This restores this address and logs out everyone using your account:",
  "mail.changed.ignore": "If you made this change, you can ignore this email.",
  "mail.passwordChanged.subject": "The password of your {seller} account was changed",
  "mail.passwordChanged.body": "The password of your account was changed.",
  "mail.passwordChanged.reset": "If you did not make this change, choose a new password here at once:",
  "mail.passwordLink.within": "The link can be used once, within {hours} hours.",
  "mail.passwordLink.withinHour": "The link can be used once, within 1 hour.",
  "mail.passwordSetup.subject": "Set a password for your {seller} account",
  "mail.passwordSetup.body": "You have not set a password for your account yet. Choose one here:",
  "mail.passwordSetup.ignore": "If you did not try to log in, you can ignore this email.",
  "mail.passwordReset.subject": "Reset your {seller} password",
  "mail.passwordReset.body": "Choose a new password here:",
  "mail.passwordReset.ignore": "If you did not ask to reset your password, you can ignore this email.",
  "mail.memberIds.subject": "Your {seller} member IDs",
  "mail.memberIds.body": "Here are the member IDs of your memberships:",
  "mail.memberIds.login": "Log in with your member ID here:",
} as const;
