/**
 * Hindi for the server's worded refusals that are neither in a message set nor a template (written once
 * where their schema checks): found by their English, as the server sends it.
 */
export const wordedHi: Readonly<Record<string, string>> = {
  "A place's name is 1 to 60 characters.": 'जगह का नाम 1 से 60 अक्षरों का होता है।',
  'Minutes must be a whole number from 1 to 120.': 'मिनट 1 से 120 के बीच पूरी संख्या होनी चाहिए।',
  'Say on: true to start your shift or on: false to end it.': 'शिफ्ट शुरू करने के लिए on: true और खत्म करने के लिए on: false भेजें।',
  'The normal accept target must not be longer than the normal delivery target.':
    'सामान्य स्वीकार लक्ष्य सामान्य डिलीवरी लक्ष्य से लंबा नहीं हो सकता।',
  'The urgent accept target must not be longer than the urgent delivery target.': 'ज़रूरी स्वीकार लक्ष्य ज़रूरी डिलीवरी लक्ष्य से लंबा नहीं हो सकता।',
  "Priority must be 'normal' or 'urgent'.": "प्राथमिकता 'normal' या 'urgent' होनी चाहिए।",
  'Type the code under the QR code.': 'QR कोड के नीचे लिखा कोड टाइप करें।',
  'Say which alert to acknowledge.': 'बताएँ कि कौन सा अलर्ट स्वीकार करना है।',
  'Trigger ID must be 1 to 80 letters, digits or . _ : -': 'ट्रिगर ID 1 से 80 अक्षर, अंक या . _ : - का होना चाहिए',
  'Scopes must be some of orders:write, rides:read, webhooks:manage, site:read.':
    'Scopes इनमें से होने चाहिए: orders:write, rides:read, webhooks:manage, site:read।',
  'Give the account at least one scope.': 'खाते को कम से कम एक scope दें।',
  'Overlap must be whole minutes from 0 to 10080.': 'ओवरलैप 0 से 10080 पूरे मिनट होना चाहिए।',
  'Window must be whole seconds from 0 to 3600.': 'समय-सीमा 0 से 3600 पूरे सेकंड होनी चाहिए।',
};
