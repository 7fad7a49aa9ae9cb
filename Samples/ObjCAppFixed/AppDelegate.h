//
//  AppDelegate.h
//  Memo
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Incremented on every launch; the review prompt waits for a few.
extern NSString * const MMLaunchCountKey;

@interface AppDelegate : UIResponder <UIApplicationDelegate>

@end

NS_ASSUME_NONNULL_END
