// Every v1 operation, for the OpenAPI document. A test checks that each route file under
// app/api/v1 appears here, so a new route cannot be left out.
import type { Operation } from "@/lib/http/operation";
import { getOrganizationOperation, updateOrganizationOperation } from "@/lib/orgs/operations";
import { listMembersOperation } from "@/lib/members/operations";
import { createProjectOperation, listProjectsOperation } from "@/lib/projects/operations";
import { listProvidersOperation } from "@/lib/providers/operations";
import { sendEmailOperation } from "@/lib/email/operations";
import { analyticsSummaryOperation, analyticsUseCasesOperation, messageTimelineOperation } from "@/lib/analytics/operations";
import { cancelScheduledOperation, getScheduledOperation, listScheduledOperation } from "@/lib/scheduling/operations";
import {
  createEndpointOperation,
  deleteEndpointOperation,
  getEndpointOperation,
  listEndpointsOperation,
  rotateSecretOperation,
  updateEndpointOperation,
} from "@/lib/webhooks/operations";
import {
  createTemplateOperation,
  deleteTemplateOperation,
  getTemplateOperation,
  listTemplatesOperation,
  listTemplateVersionsOperation,
  previewTemplateOperation,
  sendTemplatedOperation,
  updateTemplateOperation,
} from "@/lib/templates/operations";
import { getInboxAttachmentOperation, getInboxMessageOperation, listInboxOperation, replyInboxOperation } from "@/lib/inbound/operations";
import {
  createUseCaseOperation,
  deleteUseCaseOperation,
  getUseCaseOperation,
  listUseCasesOperation,
  updateUseCaseOperation,
} from "@/lib/use-cases/operations";
import { createSuppressionOperation, deleteSuppressionOperation, getSuppressionOperation, listSuppressionsOperation } from "@/lib/suppressions/operations";
import {
  createContactOperation,
  createPropertyOperation,
  deleteContactOperation,
  deletePropertyOperation,
  getContactOperation,
  listContactsOperation,
  listPropertiesOperation,
  updateContactOperation,
} from "@/lib/contacts/operations";
import { exportContactsOperation, getImportOperation, importContactsOperation, listImportsOperation } from "@/lib/contacts/import-operations";
import {
  addListMembersOperation,
  createListOperation,
  deleteListOperation,
  getListOperation,
  listListsOperation,
  listListMembersOperation,
  removeListMemberOperation,
  updateListOperation,
} from "@/lib/lists/operations";
import { createDomainOperation, deleteDomainOperation, getDomainOperation, listDomainsOperation, updateDomainOperation, verifyDomainOperation } from "@/lib/domains/operations";
import {
  createSenderOperation,
  deleteSenderOperation,
  getSenderOperation,
  listSendersOperation,
  sendSenderConfirmationOperation,
  updateSenderOperation,
} from "@/lib/senders/operations";

import {
  createSequenceOperation,
  deleteSequenceOperation,
  enrolContactsOperation,
  getSequenceOperation,
  listEnrolmentsOperation,
  listSequencesOperation,
  removeEnrolmentOperation,
  updateSequenceOperation,
} from "@/lib/sequences/operations";

export const v1Operations: Operation[] = [
  getOrganizationOperation,
  updateOrganizationOperation,
  listMembersOperation,
  listProjectsOperation,
  createProjectOperation,
  listProvidersOperation,
  sendEmailOperation,
  analyticsSummaryOperation,
  analyticsUseCasesOperation,
  messageTimelineOperation,
  listScheduledOperation,
  getScheduledOperation,
  cancelScheduledOperation,
  listEndpointsOperation,
  createEndpointOperation,
  getEndpointOperation,
  updateEndpointOperation,
  deleteEndpointOperation,
  rotateSecretOperation,
  listTemplatesOperation,
  createTemplateOperation,
  getTemplateOperation,
  updateTemplateOperation,
  deleteTemplateOperation,
  listTemplateVersionsOperation,
  previewTemplateOperation,
  sendTemplatedOperation,
  listInboxOperation,
  getInboxMessageOperation,
  getInboxAttachmentOperation,
  replyInboxOperation,
  listSuppressionsOperation,
  createSuppressionOperation,
  getSuppressionOperation,
  deleteSuppressionOperation,
  listUseCasesOperation,
  createUseCaseOperation,
  getUseCaseOperation,
  updateUseCaseOperation,
  deleteUseCaseOperation,
  listDomainsOperation,
  createDomainOperation,
  getDomainOperation,
  updateDomainOperation,
  deleteDomainOperation,
  verifyDomainOperation,
  listSendersOperation,
  createSenderOperation,
  getSenderOperation,
  updateSenderOperation,
  deleteSenderOperation,
  sendSenderConfirmationOperation,
  listSequencesOperation,
  createSequenceOperation,
  getSequenceOperation,
  updateSequenceOperation,
  deleteSequenceOperation,
  listEnrolmentsOperation,
  enrolContactsOperation,
  removeEnrolmentOperation,
  listContactsOperation,
  createContactOperation,
  getContactOperation,
  updateContactOperation,
  deleteContactOperation,
  listPropertiesOperation,
  createPropertyOperation,
  deletePropertyOperation,
  importContactsOperation,
  listImportsOperation,
  getImportOperation,
  exportContactsOperation,
  listListsOperation,
  createListOperation,
  getListOperation,
  updateListOperation,
  deleteListOperation,
  listListMembersOperation,
  addListMembersOperation,
  removeListMemberOperation,
];
