import { useCallback, useEffect, useState } from 'react';
import { deleteExtractionTemplate, listExtractionTemplates, saveExtractionTemplate } from '../../api/extraction-template-calls';
import type { ExtractionTemplateInput, ExtractionTemplateView } from '../../domain/schemas/extraction-templates';

/**
 * A supplier's extraction templates as the server holds them. Not mirrored: support
 * edits them online only, so `templates` is undefined while loading and `failed` says the
 * last load got no answer (offline, server down). Saves and deletes reload the list.
 */
export function useExtractionTemplates(supplierId: string) {
  const [templates, setTemplates] = useState<ExtractionTemplateView[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      setTemplates(await listExtractionTemplates(supplierId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [supplierId]);
  useEffect(() => {
    setTemplates(undefined);
    void reload();
  }, [reload]);
  const save = useCallback(
    async (id: number | null, input: ExtractionTemplateInput) => {
      const saved = await saveExtractionTemplate(supplierId, id, input);
      await reload();
      return saved;
    },
    [supplierId, reload],
  );
  const remove = useCallback(
    async (id: number) => {
      await deleteExtractionTemplate(supplierId, id);
      await reload();
    },
    [supplierId, reload],
  );
  return { templates, failed, reload, save, remove };
}
