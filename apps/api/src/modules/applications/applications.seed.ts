import {
  sampleCanadianApplication,
  sampleUsaApplication,
  StoreApplicationBody,
} from '@wholesale/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { submitApplication } from './applications.service';

/**
 * Demo data: two pending applications (one Canadian in French, one USA) so staff find something
 * to review in /admin/applications on a fresh demo database. Goes through the real service, so the
 * rows are sealed like any other.
 */
export async function seedDemoApplications(
  db: Database,
  config: Config,
): Promise<{ applications: number }> {
  const samples = [
    sampleCanadianApplication({
      lang: 'fr',
      company_name: 'Laines du Plateau inc.',
      owner_name: 'Geneviève Demo',
      email: 'demo.applicant.ca@example.com',
      billing_city: 'Montréal',
      billing_prov: 'QC',
      billing_pc: 'H2X 1Y4',
      billing_qst: '1234567890TQ0001',
    }),
    sampleUsaApplication({
      company_name: 'Prairie Quilts LLC',
      owner_name: 'Dana Demo',
      email: 'demo.applicant.us@example.com',
    }),
  ];
  for (const sample of samples)
    await submitApplication(db, config, StoreApplicationBody.parse(sample));
  return { applications: samples.length };
}
