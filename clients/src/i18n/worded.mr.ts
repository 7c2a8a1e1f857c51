/**
 * Marathi for the server's worded refusals that are neither in a message set nor a template (written
 * once where their schema checks): found by their English, as the server sends it.
 */
export const wordedMr: Readonly<Record<string, string>> = {
  "A place's name is 1 to 60 characters.": 'ठिकाणाचे नाव 1 ते 60 अक्षरांचे असते.',
  'Minutes must be a whole number from 1 to 120.': 'मिनिटे 1 ते 120 मधील पूर्ण संख्या असावी.',
  'Say on: true to start your shift or on: false to end it.': 'शिफ्ट सुरू करायला on: true आणि संपवायला on: false पाठवा.',
  'The normal accept target must not be longer than the normal delivery target.':
    'सामान्य स्वीकारण्याचे लक्ष्य सामान्य पोहोचवण्याच्या लक्ष्यापेक्षा जास्त नसावे.',
  'The urgent accept target must not be longer than the urgent delivery target.':
    'तातडीचे स्वीकारण्याचे लक्ष्य तातडीच्या पोहोचवण्याच्या लक्ष्यापेक्षा जास्त नसावे.',
  "Priority must be 'normal' or 'urgent'.": "प्राधान्य 'normal' किंवा 'urgent' असावे.",
  'Type the code under the QR code.': 'QR कोडखालचा कोड टाइप करा.',
  'Say which alert to acknowledge.': 'कोणता अलर्ट मान्य करायचा ते सांगा.',
  'Trigger ID must be 1 to 80 letters, digits or . _ : -': 'ट्रिगर ID 1 ते 80 अक्षरे, अंक किंवा . _ : - यांचा असावा',
  'Scopes must be some of orders:write, rides:read, webhooks:manage, site:read.':
    'Scopes यापैकी असावेत: orders:write, rides:read, webhooks:manage, site:read.',
  'Give the account at least one scope.': 'खात्याला किमान एक scope द्या.',
  'Overlap must be whole minutes from 0 to 10080.': 'ओव्हरलॅप 0 ते 10080 पूर्ण मिनिटे असावा.',
  'Window must be whole seconds from 0 to 3600.': 'वेळ-खिडकी 0 ते 3600 पूर्ण सेकंद असावी.',
};
