import { useCallback, useState } from 'react';
import { requestCategoryTreeUploadUrl } from '../../local/online/file-calls';
import { messages } from '../../domain/messages';
import type { CategoryNode } from '../../domain/schemas/catalogue';
import { useCategoryTree } from '../../local/hooks/use-category-tree';
import { Button } from '../../ui/button/Button';
import { Notice } from '../../ui/page';
import { VirtualTree } from '../../ui/tree/VirtualTree';
import { UploadArea } from '../../ui/upload/UploadArea';
import { NodeCode, Toolbar } from './preferences.styles';
import { useUploadRefresh } from '../../local/hooks/use-upload-refresh';

const nodeId = (node: CategoryNode) => node.code;
const childrenOf = (node: CategoryNode) => node.children;
const renderNode = (node: CategoryNode) => (
  <>
    <NodeCode>{node.code}</NodeCode> {node.description}
  </>
);

/** Buyers: the available categories as a tree, and the upload of a new one. */
export function CategoryTreePanel({ buyerId }: { buyerId: string }) {
  const { tree, failed, reload } = useCategoryTree(buyerId);
  const [uploading, setUploading] = useState(false);
  const upload = useUploadRefresh(buyerId, reload);
  const { reset } = upload;
  const close = useCallback(() => {
    setUploading(false);
    reset();
  }, [reset]);

  return (
    <>
      <Toolbar>
        <Button variant="outlined" onClick={() => setUploading(true)} disabled={uploading}>
          Request Upload
        </Button>
      </Toolbar>
      {uploading && (
        <UploadArea
          label="Category tree file"
          accept=".json,.csv"
          requestUploadUrl={() => requestCategoryTreeUploadUrl(buyerId)}
          uploadFailedText={messages.somethingWentWrongUpload}
          onUploaded={upload.onUploaded}
          onClose={close}
          job={upload.job}
        />
      )}
      {tree === undefined || (tree === null && !failed) ? (
        <p role="status">Loading categories…</p>
      ) : tree === null || tree.length === 0 ? (
        <Notice>{tree === null ? 'The categories could not be loaded.' : messages.noResults}</Notice>
      ) : (
        <VirtualTree label="Available categories" roots={tree} nodeId={nodeId} childrenOf={childrenOf} renderNode={renderNode} height="min(60vh, 640px)" />
      )}
    </>
  );
}
