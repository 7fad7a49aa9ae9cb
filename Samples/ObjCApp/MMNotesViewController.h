//
//  MMNotesViewController.h
//  Memo
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// The notes list, with the formatting bar pinned to the bottom.
@interface MMNotesViewController : UIViewController

/// Scale used to render note thumbnails (sketches, scanned pages).
@property (nonatomic, assign) CGFloat thumbnailScale;

- (void)reloadNotes;

@end

NS_ASSUME_NONNULL_END
