import { z } from 'zod';
import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_CODE_PATTERN,
  ACCOUNT_MESSAGES as A,
  type JournalType,
} from '@contract/values/accounts';
import type { AccountAdmin, AccountBody } from '@contract/accounts';

/** The account form as typed, checked with the server's rules and messages (contract/accounts.ts). */
export const accountFormSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    journal_type: z.string(),
    operator: z.string(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const code = v.code.trim();
    if (!code) issue('code', A.codeRequired);
    else if (!ACCOUNT_CODE_PATTERN.test(code)) issue('code', A.codeInvalid);
    if (!v.name.trim()) issue('name', A.nameRequired);
    else if (v.name.trim().length > 150) issue('name', A.nameTooLong);
    if (v.description.trim().length > 500) issue('description', A.descriptionTooLong);
    if (!v.category) issue('category', A.categoryRequired);
    const treasury = v.category === ACCOUNT_CATEGORIES.TREASURY;
    if (treasury && !v.journal_type) issue('journal_type', A.kindRequired);
    if (treasury && v.journal_type === 'ELECTRONIK' && !v.operator.trim())
      issue('operator', A.operatorRequired);
    if (v.operator.trim().length > 60) issue('operator', A.operatorTooLong);
  });
export type AccountFormValues = z.infer<typeof accountFormSchema>;

export const emptyAccountForm: AccountFormValues = {
  code: '',
  name: '',
  description: '',
  category: '',
  journal_type: '',
  operator: '',
};

export const accountFormValues = (a: AccountAdmin): AccountFormValues => ({
  code: a.code,
  name: a.name,
  description: a.description ?? '',
  category: a.category,
  journal_type: a.journal_type ?? '',
  operator: a.operator ?? '',
});

export function toAccountBody(v: AccountFormValues): AccountBody {
  const treasury = v.category === ACCOUNT_CATEGORIES.TREASURY;
  const kind = treasury && v.journal_type ? (v.journal_type as JournalType) : null;
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    description: v.description.trim() || null,
    category: v.category as AccountBody['category'],
    journal_type: kind,
    operator: kind === 'ELECTRONIK' ? v.operator.trim() : null,
  };
}

/** 'Classe 5' from '5711'. */
export const accountClass = (code: string) => `Classe ${code.charAt(0)}`;
